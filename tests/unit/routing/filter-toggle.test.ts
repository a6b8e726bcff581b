import { describe, expect, it } from 'vitest';
import {
  choosePriceRange,
  chooseSort,
  hasActiveFilters,
  resetFilters,
  toggleFilter,
  type ListingFilterState,
} from '../../../client/catalog/routing/index.ts';

const start: ListingFilterState = { filters: { ram: ['301'] }, sort: 'price-asc', current: 100 };

describe('spec: "Choosing a filter value toggles it: choosing the same value again removes it."', () => {
  it('adds a value, then removes it', () => {
    const on = toggleFilter(start, 'cvyat', '201');
    expect(on.filters).toEqual({ ram: ['301'], cvyat: ['201'] });
    const off = toggleFilter(on, 'cvyat', '201');
    expect(off.filters).toEqual({ ram: ['301'] });
    expect('cvyat' in off.filters).toBe(false);
  });

  it('does not change the state it was given', () => {
    toggleFilter(start, 'ram', '301');
    expect(start).toEqual({ filters: { ram: ['301'] }, sort: 'price-asc', current: 100 });
  });

  it("the price code is not an attribute filter: toggling 'cena' changes nothing", () => {
    expect(toggleFilter(start, 'cena', '1000')).toBe(start);
  });
});

describe('spec: "Choosing another option of the same attribute deactivates the first."', () => {
  it('replaces within an attribute', () => {
    expect(toggleFilter(start, 'ram', '302').filters).toEqual({ ram: ['302'] });
  });

  it('a price range choice replaces the previous range; the same range again removes it', () => {
    const first = choosePriceRange(start, { from: 100_000, to: 200_000 });
    expect(first.price).toEqual({ from: 100_000, to: 200_000 });
    const second = choosePriceRange(first, { from: 200_000, to: 300_000 });
    expect(second.price).toEqual({ from: 200_000, to: 300_000 });
    const off = choosePriceRange(second, { from: 200_000, to: 300_000 });
    expect('price' in off).toBe(false);
    expect('price' in choosePriceRange(first, undefined)).toBe(false);
    expect(off.filters).toEqual({ ram: ['301'] });
  });
});

describe('spec: "A reset deactivates all."', () => {
  it('clears filters and price, keeps the sort', () => {
    const reset = resetFilters({ ...start, price: { from: 1, to: 2 } });
    expect(reset).toEqual({ filters: {}, sort: 'price-asc', current: 0 });
    expect(hasActiveFilters(reset)).toBe(false);
    expect(hasActiveFilters(start)).toBe(true);
  });
});

describe('spec: "Each filter or sort change resets paging to the start and rewrites the URL."', () => {
  it('every change sets current to 0', () => {
    expect(toggleFilter(start, 'cvyat', '201').current).toBe(0);
    expect(toggleFilter(start, 'ram', '301').current).toBe(0);
    expect(choosePriceRange(start, { from: 1, to: null }).current).toBe(0);
    expect(resetFilters(start).current).toBe(0);
    const sorted = chooseSort(start, 'price-desc');
    expect(sorted).toEqual({ filters: { ram: ['301'] }, sort: 'price-desc', current: 0 });
  });

  it('extra fields of the caller pass through', () => {
    const withText = { ...start, text: 'macbook' };
    expect(toggleFilter(withText, 'cvyat', '201').text).toBe('macbook');
    expect(resetFilters(withText).text).toBe('macbook');
  });
});
