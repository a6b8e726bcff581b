import { startTransition, useEffect, useState } from 'react';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { MIN_TERM_LENGTH } from '../../../schema/search/query.ts';
import { useStoreClient, useCustomerGroup } from '../../store/index.ts';

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
  const [answer, setAnswer] = useState<CatalogSearchAnswer | undefined>();
  const term = text.trim();
  const searchable = isSearchable(term);

  useEffect(() => {
    if (!enabled || !searchable || !client) return;
    let live = true;
    const timer = window.setTimeout(() => {
      onSearch?.(term);
      client
        .searchCatalog({ mode: 'search', text: term, perPage, ...(categoryId === undefined ? {} : { categoryId }) })
        .then(
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
  }, [client, term, searchable, perPage, delayMs, categoryId, enabled, customerGroup]);

  return answer;
}
