import { PRICE_FILTER_CODE, type PriceRangeFilter, type SearchSort } from '../../../schema/search/query.ts';

/**
 * The filter choices of a category page (spec section 4, "Category page"): "Choosing a filter value toggles it:
 * choosing the same value again removes it. Choosing another option of the same attribute deactivates the first.
 * A reset deactivates all." and "Each filter or sort change resets paging to the start and rewrites the URL."
 *
 * Decisions:
 * - The state is the slice of the search query the page owns: `filters`, `price`, `sort`, `current` (the offset).
 *   Functions are generic over it, so any extra fields the caller keeps pass through untouched.
 * - The price range is a filter value like any other: choosing a range replaces the previous one, choosing the
 *   same range again removes it.
 * - `toggleFilter` with the price code ('cena') changes nothing: the price is `price`, never `filters.cena`
 *   (the query schema refuses it).
 * - A reset keeps the sort: sorting is not a filter.
 * - Every change returns a new object and sets `current` to 0, even when the filters end up as they were.
 */

export interface ListingFilterState {
  readonly filters: Readonly<Record<string, readonly string[]>>;
  readonly price?: PriceRangeFilter;
  readonly sort?: SearchSort;
  /** Offset of the first item shown (paging). */
  readonly current: number;
}

const samePrice = (a: PriceRangeFilter | undefined, b: PriceRangeFilter | undefined): boolean =>
  a !== undefined && b !== undefined && a.from === b.from && a.to === b.to;

/** Toggles one option value of one attribute: the same value again removes it, another value replaces it. */
export const toggleFilter = <S extends ListingFilterState>(state: S, code: string, value: string): S => {
  if (code === PRICE_FILTER_CODE) return state;
  const filters: Record<string, readonly string[]> = { ...state.filters };
  if (filters[code]?.includes(value)) delete filters[code];
  else filters[code] = [value];
  return { ...state, filters, current: 0 };
};

/** Chooses a price range: it replaces the previous one; the same range again (or undefined) removes it. */
export const choosePriceRange = <S extends ListingFilterState>(state: S, range: PriceRangeFilter | undefined): S => {
  const { price: previous, ...rest } = state;
  if (range === undefined || samePrice(previous, range) || (range.from === null && range.to === null)) {
    return { ...rest, current: 0 } as S;
  }
  return { ...rest, price: { from: range.from, to: range.to }, current: 0 } as S;
};

/** Deactivates every filter and the price range; the sort stays. */
export const resetFilters = <S extends ListingFilterState>(state: S): S => {
  const { price: _price, ...rest } = state;
  return { ...rest, filters: {}, current: 0 } as S;
};

/** Changes the sort: filters stay, paging restarts. */
export const chooseSort = <S extends ListingFilterState>(state: S, sort: SearchSort): S => ({
  ...state,
  sort,
  current: 0,
});

/** True when any filter or price range is active. */
export const hasActiveFilters = (state: Pick<ListingFilterState, 'filters' | 'price'>): boolean =>
  Object.values(state.filters).some((values) => values.length > 0) || state.price !== undefined;
