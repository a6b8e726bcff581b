import { NOT_LOGGED_IN_GROUP } from '../../schema/catalog/rules/tier-price.ts';
import type { SearchQueryInput } from '../../schema/search/query.ts';
import type { SearchResult } from '../../schema/search/search-engine.ts';
import type { LocalCatalog } from './local-catalog.ts';

/** Spec section 7: "The search timeout is 5000 ms on the client". */
export const SEARCH_TIMEOUT_MS = 5000;

/**
 * Who is searching, for price tiers (spec: "the user's group id and group token accompany product searches"): the
 * token proves the group to the server, which prices by the token's group whatever the query claims.
 */
export interface Searcher {
  /** The bearer token (the user's when logged in, else the guest's); absent before the device has one. */
  token?: string | undefined;
  /** The logged-in user's customer group, guests' (0) otherwise. */
  customerGroupId: number;
}

export interface CatalogSearchOptions {
  baseUrl: string;
  local: LocalCatalog;
  isOnline: () => boolean;
  fetch?: typeof fetch;
  /** Read at each search, so a login or logout applies to the next one. Without it: a guest without a token. */
  searcher?: () => Searcher;
}

export type SearchAnswer = SearchResult & { source: 'server' | 'local' };

/** The server refused the query itself (HTTP 4xx): local data would refuse it too, so there is no fallback. */
export class SearchRefusedError extends Error {
  constructor(status: number) {
    super(`search refused: HTTP ${status}`);
    this.name = 'SearchRefusedError';
  }
}

/**
 * POST /api/catalog/search within the spec's 5 s. Null when the server could not answer (timeout, dropped
 * link, 5xx): the caller then answers from local data. Throws SearchRefusedError on a 4xx. Used by the store
 * client and, before the local database has started, by the first grid of a cold visit.
 */
export const searchOnServer = async (
  query: SearchQueryInput,
  {
    baseUrl = '',
    fetch: fetchFn = globalThis.fetch,
    token,
  }: { baseUrl?: string; fetch?: typeof fetch; token?: string | undefined } = {},
): Promise<SearchResult | null> => {
  try {
    const response = await fetchFn(`${baseUrl}/api/catalog/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(query),
      signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS),
    });
    if (response.ok) return ((await response.json()) as { result: SearchResult }).result;
    // A 4xx is the query's fault and would be refused locally too; a 5xx falls back.
    if (response.status < 500) throw new SearchRefusedError(response.status);
    return null;
  } catch (error) {
    if (error instanceof SearchRefusedError) throw error;
    // Timed out or the link dropped.
    return null;
  }
};

const GUEST: Searcher = { customerGroupId: NOT_LOGGED_IN_GROUP };

/**
 * Search as the shopper expects it: the server's answer while online (it has the whole catalogue, also
 * above the offline size limit), the same query over local data when offline or when the server does not
 * answer within the spec's 5 s. With nothing local either, the result is simply empty (spec: "Failed
 * search with no cache: empty offline result"). Both sort, filter and bucket by the searcher's group prices.
 */
export const createCatalogSearch =
  ({ baseUrl, local, isOnline, fetch: fetchFn = globalThis.fetch, searcher = () => GUEST }: CatalogSearchOptions) =>
  async (input: SearchQueryInput): Promise<SearchAnswer> => {
    const { token, customerGroupId } = searcher();
    const query: SearchQueryInput = { ...input, customerGroupId };
    if (isOnline()) {
      const result = await searchOnServer(query, { baseUrl, fetch: fetchFn, token });
      if (result) return { ...result, source: 'server' };
    }
    return { ...local.search(query), source: 'local' };
  };
