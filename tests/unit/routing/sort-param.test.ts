import { describe, expect, it } from 'vitest';
import { parseSortParam, SORT_OPTIONS, withSortParam } from '../../../schema/routing/sort-param.ts';

describe('spec: "Sort options: Default (id), price low to high, price high to low"', () => {
  it('three options, default first', () => {
    expect(SORT_OPTIONS).toEqual(['default', 'price-asc', 'price-desc']);
  });
});

describe('spec: "Each filter or sort change ... rewrites the URL": the sort is the query string', () => {
  it('writes ?sort= after the path, and nothing for the default sort', () => {
    expect(withSortParam('/iphone', 'price-asc')).toBe('/iphone?sort=price-asc');
    expect(withSortParam('/macbook-air/13-inch/cvyat-cheren', 'price-desc')).toBe(
      '/macbook-air/13-inch/cvyat-cheren?sort=price-desc',
    );
    expect(withSortParam('/iphone', 'default')).toBe('/iphone');
  });

  it('reads it back, with or without the question mark, among other parameters', () => {
    for (const sort of SORT_OPTIONS) {
      const href = withSortParam('/iphone', sort);
      expect(parseSortParam(href.slice(href.indexOf('?') + 1 || href.length))).toBe(sort);
    }
    expect(parseSortParam('?sort=price-desc')).toBe('price-desc');
    expect(parseSortParam('utm_source=x&sort=price-asc')).toBe('price-asc');
  });

  it('anything else reads as the default sort, never an error', () => {
    expect(parseSortParam('')).toBe('default');
    expect(parseSortParam('?sort=name')).toBe('default');
    expect(parseSortParam('?sort=')).toBe('default');
    expect(parseSortParam('?sort=PRICE-ASC')).toBe('default');
  });
});
