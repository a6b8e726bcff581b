import { searchSortSchema, type SearchSort } from '../search/query.ts';

/**
 * The listing's sort in the address (spec section 4: "Each filter or sort change resets paging to the start and
 * rewrites the URL"; section 9: "Sort options: Default (id), price low to high, price high to low").
 *
 * Decision: the sort is the query string `?sort=price-asc`, not a path segment. The path holds what the listing
 * *is* (category and filter segments, kept sorted, counted by the noindex rule, written into the canonical); the
 * sort only orders the same products, so it must not make a new path for search engines, must not count as a
 * filter segment, and must survive the filter codec untouched. 'default' is left out, so the plain category
 * address stays the canonical one. An unknown value reads as 'default' (never an error page).
 */
export const SORT_PARAM = 'sort';
export const SORT_OPTIONS: readonly SearchSort[] = searchSortSchema.options;

/** The sort named by a query string ('?sort=price-desc&x=1' or 'sort=price-desc'); 'default' when none is valid. */
export const parseSortParam = (search: string): SearchSort => {
  const parsed = searchSortSchema.safeParse(new URLSearchParams(search).get(SORT_PARAM));
  return parsed.success ? parsed.data : 'default';
};

/** The path with the sort as its query string ('' for the default sort). */
export const withSortParam = (path: string, sort: SearchSort): string =>
  sort === 'default' ? path : `${path}?${new URLSearchParams({ [SORT_PARAM]: sort }).toString()}`;
