import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { priceRangeBuckets } from '../../../schema/catalog/rules/price-range.ts';
import { createCategoryTree } from '../../../schema/search/category-tree.ts';
import { createEmbeddedSearchEngine } from '../../../schema/search/embedded-engine.ts';
import { parseSearchQuery, type SearchQueryInput } from '../../../schema/search/query.ts';
import {
  categoryIdsOf,
  DEFAULT_AGGREGATION_ATTRIBUTES,
  filterValuesOf,
  isVisibleIn,
} from '../../../schema/search/rules.ts';
import { searchPriceOf } from '../../../schema/search/search-price.ts';
import { CATEGORIES, NOW, product } from './fixtures.ts';

/**
 * The embedded engine's listings against a plain reading of the rules (filter, sort, slice, count) on random
 * catalogues and queries, across upserts and removals: the bitsets, posting lists, precomputed orders, the
 * small-result sort and the group price merge must all give what the rules say.
 */

const random = (seed: number) => () => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 2 ** 32;
};

const COLOURS = ['black', 'silver', 'blue', 'gold', 'green'];
const RAMS = ['8gb', '16gb', '24gb'];
const LEAF_CATEGORIES = [12, 13, 21, 31, 32, 40];

const makeProduct = (rnd: () => number, id: number): CatalogProduct => {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const gross = rnd() < 0.05 ? 0 : Math.round(1_000 + rnd() * 300_000);
  const onSale = gross > 0 && rnd() < 0.3;
  const configurable = rnd() < 0.15;
  return product({
    id,
    sku: `R-${id}`,
    name: `Продукт ${id}`,
    categoryId: pick(LEAF_CATEGORIES),
    gross,
    is_old: rnd() < 0.1 ? 1 : 0,
    status: pick([0, 1, 1, 1, 2]),
    visibility: pick([1, 2, 3, 4, 4]),
    stock: { is_in_stock: rnd() < 0.8, qty: 1 },
    special_price: onSale ? Math.round((gross / 1.2) * 0.8) : null,
    specialPriceInclTax: onSale ? Math.round(gross * 0.8) : null,
    special_from_date: onSale ? pick(['2026-03-01', '2026-04-01', null]) : null,
    special_to_date: onSale ? pick(['2026-03-31', null]) : null,
    tier_prices: rnd() < 0.1 ? [{ customer_group_id: pick([3, 32000]), qty: 1, value: Math.round(gross / 2.4) }] : [],
    attributes: {
      ...(rnd() < 0.9 ? { cvyat: pick(COLOURS) } : {}),
      ...(rnd() < 0.7 ? { ram: rnd() < 0.2 ? [pick(RAMS), pick(RAMS)] : pick(RAMS) } : {}),
    },
    ...(configurable
      ? {
          type_id: 'configurable' as const,
          configurable_children: [0, 1].map((i) => ({
            id: id * 10 + i,
            sku: `R-${id}-${i}`,
            name: '',
            image: '',
            status: pick([1, 1, 2]),
            stock: { is_in_stock: true, qty: 1 },
            attributes: { cvyat: pick(COLOURS) },
            price: Math.round(gross / 1.2) + i * 100,
            priceInclTax: gross + i * 120,
          })),
        }
      : {}),
  });
};

const tree = createCategoryTree(CATEGORIES);

const reference = (products: readonly CatalogProduct[], input: SearchQueryInput) => {
  const query = parseSearchQuery(input);
  const priceOf = (p: CatalogProduct) => searchPriceOf(p, NOW, query.customerGroupId);
  const categories = query.categoryId === undefined ? null : new Set(tree.descendantsOf(query.categoryId));
  const base = products.filter(
    (p) =>
      isVisibleIn(query.mode, p, query.outOfStockListing) &&
      (categories === null || categoryIdsOf(p).some((id) => categories.has(id))),
  );
  const filters = Object.entries(query.filters).filter(([, values]) => values.length > 0);
  const passes = (p: CatalogProduct, except?: string) =>
    filters.every(
      ([code, values]) => code === except || (filterValuesOf(p).get(code) ?? []).some((v) => values.includes(v)),
    );
  const inPrice = (p: CatalogProduct) =>
    !query.price ||
    ((query.price.from === null || priceOf(p) >= query.price.from) &&
      (query.price.to === null || priceOf(p) < query.price.to));
  const hits = base.filter((p) => passes(p) && inPrice(p));
  const sign = query.sort === 'price-desc' ? -1 : 1;
  hits.sort((a, b) => (query.sort === 'default' ? 0 : sign * (priceOf(a) - priceOf(b))) || a.id - b.id);
  const codes = [...new Set([...DEFAULT_AGGREGATION_ATTRIBUTES, ...filters.map(([code]) => code)])];
  const attributes = Object.fromEntries(
    codes.map((code) => {
      const counts = new Map<string, number>();
      for (const p of base) {
        if (!passes(p, code) || !inPrice(p)) continue;
        for (const v of filterValuesOf(p).get(code) ?? []) counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      const buckets = [...counts]
        .map(([key, count]) => ({ key, count }))
        .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1))
        .slice(0, 10);
      return [code, { buckets }];
    }),
  );
  const prices = base.filter((p) => passes(p)).map(priceOf);
  return {
    skus: hits.slice(query.current, query.current + query.perPage).map((p) => p.sku),
    total: hits.length,
    attributes,
    cena: priceRangeBuckets(prices),
  };
};

const randomQuery = (rnd: () => number): SearchQueryInput => {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const filters: Record<string, string[]> = {};
  if (rnd() < 0.5) filters.cvyat = [pick(COLOURS), ...(rnd() < 0.3 ? [pick(COLOURS)] : [])];
  if (rnd() < 0.4) filters.ram = [pick(RAMS)];
  const from = rnd() < 0.3 ? Math.round(rnd() * 150_000) : null;
  return {
    outOfStockListing: rnd() < 0.7,
    ...(rnd() < 0.7 ? { categoryId: pick([2, 10, 11, 12, 13, 20, 21, 30, 31, 32, 40]) } : {}),
    filters,
    ...(from !== null || rnd() < 0.1
      ? { price: { from, to: rnd() < 0.5 ? Math.round(100_000 + rnd() * 200_000) : null } }
      : {}),
    sort: pick(['default', 'price-asc', 'price-desc'] as const),
    current: pick([0, 0, 3, 20, -1]),
    perPage: pick([10, 50, 0]),
    ...(rnd() < 0.3 ? { customerGroupId: pick([3, 4]) } : {}),
    populateAggregations: rnd() < 0.5,
  };
};

describe('embedded engine against the rules read plainly', () => {
  it('agrees on hits, order, totals, counts and price buckets, through upserts and removals', () => {
    const rnd = random(7);
    let products = Array.from({ length: 3000 }, (_, i) => makeProduct(rnd, i + 1));
    const engine = createEmbeddedSearchEngine({ categories: CATEGORIES, now: () => NOW });
    engine.replaceAll(products);
    for (let round = 0; round < 4; round++) {
      for (let q = 0; q < 40; q++) {
        const query = randomQuery(rnd);
        const expected = reference(products, query);
        const actual = engine.search(query);
        const context = JSON.stringify(query);
        expect(
          actual.items.map((p) => p.sku),
          context,
        ).toEqual(expected.skus);
        expect(actual.total, context).toBe(expected.total);
        if (actual.aggregations) {
          expect(actual.aggregations.attributes, context).toEqual(expected.attributes);
          expect(actual.aggregations.agg_terms_cena.buckets, context).toEqual(expected.cena);
        }
      }
      // Change a few hundred products (prices, values, visibility), add some, remove some.
      const changed = Array.from({ length: 150 }, () => {
        const old = products[Math.floor(rnd() * products.length)] as CatalogProduct;
        return { ...makeProduct(rnd, old.id), sku: old.sku };
      });
      const added = Array.from({ length: 50 }, (_, i) => makeProduct(rnd, 10_000 + round * 100 + i));
      const removed = new Set(Array.from({ length: 40 }, () => `R-${1 + Math.floor(rnd() * 3000)}`));
      engine.upsert([...changed, ...added]);
      engine.remove([...removed]);
      const bySku = new Map(products.map((p) => [p.sku, p]));
      for (const p of [...changed, ...added]) bySku.set(p.sku, p);
      for (const sku of removed) bySku.delete(sku);
      products = [...bySku.values()];
    }
    // Hundreds of queries over 3,000 products, four rounds: seconds on a loaded CI machine.
  }, 60_000);
});
