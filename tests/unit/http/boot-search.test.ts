import { describe, expect, it } from 'vitest';
import { levBoundOfEuro } from '../../../schema/catalog/rules/price-range.ts';
import { listingQuery, textSearchQuery } from '../../../schema/catalog/listing-query.ts';
import { bootSearchFor } from '../../../sync-server/http/boot-search.ts';
import { ATTRIBUTES } from '../routing/fixtures.ts';
import { CATEGORIES } from '../search/fixtures.ts';

/** The answers the server fetched first for a category address (boot-data.ts). */
const ANSWERS = {
  '/api/catalog/categories': {
    code: 200,
    result: {
      // An inactive category, and an entry the page could not read either.
      items: [...CATEGORIES.map((c) => (c.slug === 'outlet' ? { ...c, is_active: false } : c)), { id: 'x' }],
    },
  },
  '/api/catalog/attributes': { code: 200, result: { items: ATTRIBUTES } },
};

describe('the first search a category address asks for, run by the server with the page', () => {
  it('a plain category address: its first page, default sort, with the filter counts', () => {
    expect(bootSearchFor('/iphone', '', ANSWERS)).toEqual(listingQuery(21, { filters: {}, sort: 'default' }, 0));
    expect(bootSearchFor('/iphone', '', ANSWERS)).toMatchObject({
      current: 0,
      perPage: 50,
      populateAggregations: true,
    });
  });

  it('filter segments, the price range and the sort are read as the page reads them', () => {
    const query = bootSearchFor('/macbook-air/13-inch/cvyat-cheren/cena-1000-2000', '?sort=price-desc', ANSWERS);
    expect(query).toEqual(
      listingQuery(
        12,
        {
          filters: { displey: ['101'], cvyat: ['201'] },
          price: { from: levBoundOfEuro(100_000), to: levBoundOfEuro(200_000) },
          sort: 'price-desc',
        },
        0,
      ),
    );
  });

  it('no search for an inactive or unknown category, an app screen, or without the categories answer', () => {
    expect(bootSearchFor('/outlet', '', ANSWERS)).toBeUndefined();
    expect(bootSearchFor('/ipad', '', ANSWERS)).toBeUndefined();
    expect(bootSearchFor('/cart', '', ANSWERS)).toBeUndefined();
    expect(bootSearchFor('/', '', ANSWERS)).toBeUndefined();
    expect(bootSearchFor('/iphone', '', {})).toBeUndefined();
  });

  it('the search page: its keywords as the page searches them, trimmed; none for a term too short', () => {
    expect(bootSearchFor(`/search=${encodeURIComponent(' айфон ')}`, '', {})).toEqual(textSearchQuery('айфон', 50));
    expect(bootSearchFor('/search=ip', '', {})).toBeUndefined();
    // With a category the page waits for the device's categories: no search is run for it.
    expect(bootSearchFor('/search=iphone/category=mac', '', {})).toBeUndefined();
  });
});
