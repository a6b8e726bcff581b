import { describe, expect, it } from 'vitest';
import { categorySchema, type CategoryInput } from '../../../schema/catalog/category.ts';
import { adCategoriesOf } from '../../../client/ads/ad-categories.ts';
import { AD_PAGE_SIZE, listQueryOf, NO_FILTERS } from '../../../client/ads/list-query.ts';

const category = (over: Partial<CategoryInput>) =>
  categorySchema.parse({
    id: 10,
    parent_id: 2,
    name: 'Телефони',
    slug: 'telefoni',
    url_key: 'telefoni',
    url_path: 'telefoni',
    path: '1/2/10',
    level: 2,
    position: 1,
    is_active: true,
    ...over,
  });

describe('the public list query and the categories an ad may name', () => {
  it('sends only what the shopper filtered by, prices in cents, page 2 from the page size', () => {
    expect(listQueryOf(NO_FILTERS, 1)).toEqual({ sort: 'newest', from: 0, size: AD_PAGE_SIZE });
    expect(
      listQueryOf(
        { ...NO_FILTERS, q: ' iphone ', condition: 'good', priceMin: '100', priceMax: '450,50', city: 'Варна' },
        2,
      ),
    ).toEqual({
      q: 'iphone',
      condition: 'good',
      priceMin: 10000,
      priceMax: 45050,
      city: 'Варна',
      sort: 'newest',
      from: AD_PAGE_SIZE,
      size: AD_PAGE_SIZE,
    });
    // A condition or sort the page does not know is not sent as such.
    expect(listQueryOf({ ...NO_FILTERS, condition: 'broken', sort: 'cheapest' }, 1)).toEqual({
      sort: 'newest',
      from: 0,
      size: AD_PAGE_SIZE,
    });
  });

  it('offers the active top-level categories in menu order, each with the model labels of its products', () => {
    const found = adCategoriesOf(
      [
        category({ id: 11, name: 'Лаптопи', slug: 'laptopi', position: 2 }),
        category({ id: 10, position: 1 }),
        category({ id: 12, name: 'Стари', slug: 'stari', is_active: false }),
        category({ id: 13, name: 'iPhone 15', slug: 'iphone-15', level: 3, parent_id: 10 }),
      ],
      [
        { category_ids: [10, 13], model: '7' },
        { category_ids: [10], model: ['8', '7'] },
        { category_ids: [11], model: undefined },
      ],
      new Map([
        ['7', 'iPhone 15'],
        ['8', 'iPhone 13'],
      ]),
    );
    expect(found).toEqual([
      { slug: 'telefoni', name: 'Телефони', models: ['iPhone 13', 'iPhone 15'] },
      { slug: 'laptopi', name: 'Лаптопи', models: [] },
    ]);
  });
});
