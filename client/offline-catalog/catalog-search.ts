import type { SearchQueryInput } from '../../schema/search/query.ts';
import type { SearchResult } from '../../schema/search/search-engine.ts';
import type { LocalCatalog } from './local-catalog.ts';

/** Spec section 7: "The search timeout is 5000 ms on the client". */
export const SEARCH_TIMEOUT_MS = 5000;

export interface CatalogSearchOptions {
  baseUrl: string;
  local: LocalCatalog;
  isOnline: () => boolean;
  fetch?: typeof fetch;
}

export type SearchAnswer = SearchResult & { source: 'server' | 'local' };

/**
 * Search as the shopper expects it: the server's answer while online (it has the whole catalogue, also
 * above the offline size limit), the same query over local data when offline or when the server does not
 * answer within the spec's 5 s. With nothing local either, the result is simply empty (spec: "Failed
 * search with no cache: empty offline result").
 */
export const createCatalogSearch =
  ({ baseUrl, local, isOnline, fetch: fetchFn = globalThis.fetch }: CatalogSearchOptions) =>
  async (query: SearchQueryInput): Promise<SearchAnswer> => {
    if (isOnline()) {
      try {
        const response = await fetchFn(`${baseUrl}/api/catalog/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(query),
          signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS),
        });
        if (response.ok) {
          const body = (await response.json()) as { result: SearchResult };
          return { ...body.result, source: 'server' };
        }
        // A 4xx is the query's fault and would be refused locally too; a 5xx falls back.
        if (response.status < 500) throw new Error(`search refused: HTTP ${response.status}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('search refused')) throw error;
        // Timed out or the link dropped: answer from local data.
      }
    }
    return { ...local.search(query), source: 'local' };
  };
