import { startTransition, useEffect, useRef, useState } from 'react';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { MIN_TERM_LENGTH } from '../../../schema/search/query.ts';
import { textSearchQuery } from '../../../schema/catalog/listing-query.ts';
import { useStoreClient, useCustomerGroup, useSyncState } from '../../store/index.ts';
import { searchBeforeClient, takeEmbeddedSearch } from '../listing/index.ts';

/** Spec section 9: "Search event debounce 1000 ms". */
export const SEARCH_DEBOUNCE_MS = 1000;

/** Spec section 5: a term shorter than 3 characters (trimmed) runs no search. */
export const isSearchable = (text: string): boolean => [...text.trim()].length >= MIN_TERM_LENGTH;

/** The answer of the last search that ran, with the term it ran for (callers compare it with what they show). */
export interface CatalogSearchAnswer {
  readonly text: string;
  readonly items: readonly CatalogProduct[];
  readonly total: number;
  readonly source: 'server' | 'local';
}

interface Options {
  perPage: number;
  /** Wait this long after the last change before searching. */
  delayMs?: number;
  categoryId?: number;
  /** Hold the search (the category is still being looked up, say). */
  enabled?: boolean;
  onSearch?: (text: string) => void;
}

/** Runs the spec's text search (`mode: 'search'`) through the store client: the server online, local data offline. */
export function useCatalogSearch(
  text: string,
  { perPage, delayMs = 0, categoryId, enabled = true, onSearch }: Options,
) {
  const client = useStoreClient();
  // Results are priced for the customer group: a login or logout asks again.
  const customerGroup = useCustomerGroup();
  const term = text.trim();
  const searchable = isSearchable(term);
  const keyOf = (group: number) => JSON.stringify([term, perPage, categoryId ?? null, group]);
  // A cold visit's page came with this search's answer (the server ran it and drew its grid:
  // sync-server/http/listing-first-view.ts): shown from the first render, so the server's grid never blinks away,
  // and not asked for again.
  const [fromPage] = useState(() => {
    const result = enabled && searchable ? takeEmbeddedSearch(textSearchQuery(term, perPage, categoryId)) : undefined;
    return result && { key: keyOf(customerGroup), result };
  });
  const pageAnswerKey = useRef(fromPage?.key);
  const [answer, setAnswer] = useState<CatalogSearchAnswer | undefined>(
    () => fromPage && { text: term, items: fromPage.result.items, total: fromPage.result.total, source: 'server' },
  );

  // Online, a cold visit searches before the local store has started (the answer the page came with, else the
  // server), as a category's first grid does: the search page's results waited for the whole store before.
  // Offline, only the device can answer. The store's arrival is no new search: it answers the same.
  const { online } = useSyncState();
  const ready = client !== null || online;
  const clientRef = useRef(client);
  useEffect(() => {
    clientRef.current = client;
  }, [client]);

  useEffect(() => {
    if (!enabled || !searchable || !ready) return;
    if (pageAnswerKey.current !== undefined) {
      const shown = pageAnswerKey.current === keyOf(customerGroup);
      pageAnswerKey.current = undefined;
      if (shown) {
        onSearch?.(term);
        return;
      }
    }
    let live = true;
    const timer = window.setTimeout(() => {
      onSearch?.(term);
      const query = textSearchQuery(term, perPage, categoryId);
      const current = clientRef.current;
      const search = current
        ? current.searchCatalog(query)
        : searchBeforeClient(query).then((result) => ({ ...result, source: 'server' as const }));
      search.then(
        (result) => {
          if (live) {
            startTransition(() =>
              setAnswer({ text: term, items: result.items, total: result.total, source: result.source }),
            );
          }
        },
        (error: unknown) => {
          console.error('[search] search failed', error);
          if (live) setAnswer({ text: term, items: [], total: 0, source: 'local' });
        },
      );
    }, delayMs);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // onSearch is a callback of the caller; a new identity is no new search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, term, searchable, perPage, delayMs, categoryId, enabled, customerGroup]);

  return answer;
}
