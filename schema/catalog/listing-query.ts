import { MIN_TERM_LENGTH, type PriceRangeFilter, type SearchQueryInput, type SearchSort } from '../search/query.ts';

/** Products per listing page: the spec's "next 50 at the bottom". */
export const LISTING_PAGE_SIZE = 50;

export interface ListingQueryState {
  filters: Readonly<Record<string, readonly string[]>>;
  price?: PriceRangeFilter | undefined;
  sort: SearchSort;
}

/**
 * The search a category listing asks for its page `current`. One function for the page and for the server,
 * which runs a cold visit's first one before sending the page (sync-server/http/boot-data.ts) and embeds the
 * answer under bootSearchKey: the same address must build the same query, key order included.
 */
export const listingQuery = (categoryId: number, state: ListingQueryState, current: number): SearchQueryInput => ({
  mode: 'listing',
  categoryId,
  // The search only reads them.
  filters: state.filters as Record<string, string[]>,
  ...(state.price ? { price: state.price } : {}),
  sort: state.sort,
  current,
  perPage: LISTING_PAGE_SIZE,
  append: current > 0,
  populateAggregations: current === 0,
});

/** Spec section 9: search page size 50. */
export const SEARCH_PAGE_SIZE = 50;

/**
 * The search the search page (`/search={keywords}`) asks for, as a guest: one function for the page and for the
 * server, which runs a cold visit's search before sending the page and embeds its answer (boot-search.ts).
 * Undefined for a term too short to search (spec section 5: fewer than 3 characters, trimmed).
 */
export const searchPageQuery = (keywords: string): SearchQueryInput | undefined => {
  const text = keywords.trim();
  return [...text].length < MIN_TERM_LENGTH ? undefined : textSearchQuery(text, SEARCH_PAGE_SIZE);
};

/** A text search (the search page's, the search panel's), built one way so the page finds the server's answer. */
export const textSearchQuery = (text: string, perPage: number, categoryId?: number): SearchQueryInput => ({
  mode: 'search',
  text,
  perPage,
  ...(categoryId === undefined ? {} : { categoryId }),
});

/** Where the page keeps the answer of a search it came with: a POST's answer is the answer of its body. */
export const bootSearchKey = (query: SearchQueryInput): string => `POST /api/catalog/search ${JSON.stringify(query)}`;
