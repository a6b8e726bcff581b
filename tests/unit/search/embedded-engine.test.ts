import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { levBoundOfEuro } from '../../../schema/catalog/rules/price-range.ts';
import { createEmbeddedSearchEngine, type EmbeddedSearchEngine } from '../../../schema/search/embedded-engine.ts';
import type { SearchQueryInput } from '../../../schema/search/query.ts';
import {
  AIR,
  CABLE,
  CASE,
  CASES,
  CATALOG_ONLY,
  CATALOGUE,
  CATEGORIES,
  CHARGER,
  DISABLED,
  IPHONE,
  IPHONE_PRO,
  NOT_VISIBLE,
  NOW,
  OLD,
  PRO,
  product,
  SALE,
  SOLD_OUT,
  STATUS_ZERO,
} from './fixtures.ts';

const engineWith = (products: readonly CatalogProduct[] = CATALOGUE, now: () => Date = () => NOW) => {
  const engine = createEmbeddedSearchEngine({ categories: CATEGORIES, now });
  engine.replaceAll(products);
  return engine;
};

const skus = (engine: EmbeddedSearchEngine, query: SearchQueryInput): string[] =>
  engine.search(query).items.map((p) => p.sku);

describe('embedded engine: visibility rules (spec section 5)', () => {
  const engine = engineWith();

  it('a listing shows is_old 0, visibility 2-4, status 0-1, out of stock included while out-of-stock listing is on', () => {
    const listed = skus(engine, CASES.listing);
    expect(listed).not.toContain(OLD.sku);
    expect(listed).not.toContain(DISABLED.sku);
    expect(listed).not.toContain(NOT_VISIBLE.sku);
    expect(listed).toEqual(expect.arrayContaining([CATALOG_ONLY.sku, STATUS_ZERO.sku, SOLD_OUT.sku, AIR.sku]));
    expect(engine.search(CASES.listing).total).toBe(CATALOGUE.length - 3);
  });

  it('with out-of-stock listing off, a listing leaves out what is not in stock', () => {
    expect(skus(engine, CASES.listingInStockOnly)).not.toContain(SOLD_OUT.sku);
  });

  it('search shows visibility 3-4 and status 1 only', () => {
    const found = skus(engine, { mode: 'search', text: 'macbook pro', perPage: 100 });
    expect(found).toContain(PRO.sku);
    expect(found).toContain(SOLD_OUT.sku);
    for (const hidden of [CATALOG_ONLY, STATUS_ZERO, OLD, DISABLED, NOT_VISIBLE])
      expect(found).not.toContain(hidden.sku);
    expect(skus(engine, { mode: 'search', text: 'macbook pro', outOfStockListing: false })).not.toContain(SOLD_OUT.sku);
  });

  it('getBySku returns the product whatever its visibility, undefined for an unknown sku', () => {
    expect(engine.getBySku(NOT_VISIBLE.sku)).toBe(NOT_VISIBLE);
    expect(engine.getBySku('NOPE')).toBeUndefined();
  });
});

describe('embedded engine: the text rules', () => {
  const engine = engineWith();

  it('a term under 3 characters gives an empty result with the reason, in search and in a listing', () => {
    expect(engine.search(CASES.tooShort)).toEqual({
      items: [],
      total: 0,
      start: 0,
      perPage: 50,
      aggregations: null,
      reason: 'term-too-short',
    });
    expect(engine.search({ mode: 'search' }).reason).toBe('term-too-short');
    expect(engine.search({ text: 'ab' }).reason).toBe('term-too-short');
    expect(engine.search({ text: '   ' }).reason).toBeUndefined();
    expect(engine.search({ mode: 'search', text: 'кал' }).reason).toBeUndefined();
  });

  it("the spec's boosts: a name hit (boost 4) ranks above a category-name hit (boost 1)", () => {
    const spec = createEmbeddedSearchEngine({ categories: CATEGORIES, now: () => NOW, crossScript: false });
    spec.replaceAll(CATALOGUE);
    const result = spec.search({ mode: 'search', text: 'зарядни' });
    expect(result.items.map((p) => p.sku)).toEqual([CABLE.sku, CHARGER.sku]);
    const [name, category] = result.scores ?? [];
    expect(name).toBeGreaterThan((category ?? 0) * 2);
  });

  it('issue 29: a word that names a category lists that kind first, whatever the other names say', () => {
    // The charger is filed under "Зарядни"; the cable only says it in its name.
    expect(skus(engine, { mode: 'search', text: 'зарядни' })).toEqual([CHARGER.sku, CABLE.sku]);
    expect(skus(engine, { mode: 'search', text: 'зарядно' })).toEqual([CHARGER.sku, CABLE.sku]);
  });

  it('issue 29: the kinds follow a product moved to another category, and one taken off', () => {
    const own = engineWith();
    // "смартфони" is in no name and these fixtures file nothing under "Телефони" itself: nothing yet.
    expect(skus(own, { mode: 'search', text: 'смартфони' })).toEqual([]);
    const moved = {
      ...CHARGER,
      category_ids: [20],
      category: [{ category_id: 20, name: 'Телефони', slug: 'telefoni' }],
    };
    own.upsert([moved]);
    expect(skus(own, { mode: 'search', text: 'смартфони' })).toContain(CHARGER.sku);
    own.remove([CHARGER.sku]);
    expect(skus(own, { mode: 'search', text: 'смартфони' })).not.toContain(CHARGER.sku);
  });

  it('a rare word one edit away ("pro5") does not outrank the words typed ("macbook pro")', () => {
    // Bug seen in the generated catalogue: LaCie "Rugged SSD Pro5" drives ranked above every MacBook Pro,
    // because each fuzzy expansion was scored with its own (rare, so high) document frequency.
    const drives = [1, 2, 3].map((n) =>
      product({ id: 900 + n, sku: `LACIE-${n}`, name: `LaCie Rugged SSD Pro5 ${n} TB`, categoryId: 30, gross: 59_900 }),
    );
    // "macbook" and "pro" are common words in an Apple shop, "pro5" a rare one: that is what used to rank them wrong.
    const common = Array.from({ length: 40 }, (_, n) =>
      product({
        id: 950 + n,
        sku: `PRO-${n}`,
        name: `MacBook Pro 14" конфигурация ${n}`,
        categoryId: 30,
        gross: 9_900,
      }),
    );
    const shop = engineWith([...CATALOGUE, ...drives, ...common]);
    for (const text of ['macbook pro', 'macbok pro']) {
      const top = shop.search({ mode: 'search', text }).items[0];
      expect(top?.name).toContain('MacBook Pro');
    }
  });

  it('the sku field matches the whole sku, case-insensitively and with typos', () => {
    expect(skus(engine, { mode: 'search', text: 'ip17-256-blk' })[0]).toBe(IPHONE.sku);
    expect(skus(engine, { mode: 'search', text: 'IP17-265-BLK' })[0]).toBe(IPHONE.sku);
  });

  it('fuzziness: a Latin typo finds MacBook, a Cyrillic typo finds Калъф, exact matches first', () => {
    expect(skus(engine, CASES.fuzzyLatin)).toEqual(expect.arrayContaining([AIR.sku, PRO.sku, SALE.sku]));
    expect(skus(engine, CASES.fuzzyCyrillic)).toEqual([CASE.sku]);
    expect(skus(engine, { mode: 'search', text: 'калъф' })).toEqual([CASE.sku]);
    // Two edits for terms of 5 or more characters, one for 3-4, none below.
    expect(skus(engine, { mode: 'search', text: 'mcbok' })).toContain(AIR.sku);
    expect(skus(engine, { mode: 'search', text: 'mcbooook' })).toEqual([]);
    expect(skus(engine, { mode: 'search', text: 'iphon' })).toEqual(
      expect.arrayContaining([IPHONE.sku, IPHONE_PRO.sku, CASE.sku]),
    );
  });

  it('minimum should match 80%: 3 terms need 2 in one field, 5 terms need 4', () => {
    const three = skus(engine, CASES.threeTerms);
    expect(three[0]).toBe(PRO.sku);
    expect(three).not.toContain(AIR.sku);
    expect(skus(engine, { mode: 'search', text: 'macbook pro 14 m4 space' })).toEqual([PRO.sku]);
    expect(skus(engine, { mode: 'search', text: 'macbook pro 16 m5 space' })).toEqual([]);
  });

  it('text in a listing narrows the listing by relevance, with the listing visibility', () => {
    const found = skus(engine, { text: 'macbook pro', categoryId: 13, perPage: 100 });
    expect(found).toContain(CATALOG_ONLY.sku);
    expect(found).not.toContain(AIR.sku);
  });
});

describe('embedded engine: paging (spec section 5)', () => {
  const engine = engineWith();

  it('size 0 or less becomes 50 and a negative start becomes 0', () => {
    const result = engine.search(CASES.pageSizeZero);
    expect(result.perPage).toBe(50);
    expect(result.start).toBe(0);
    expect(result.items).toHaveLength(result.total);
  });

  it('pages through the default order, product id ascending', () => {
    const all = skus(engine, { categoryId: 13 });
    expect(all).toEqual([PRO.sku, CATALOG_ONLY.sku, STATUS_ZERO.sku, SOLD_OUT.sku]);
    const page = engine.search(CASES.page2);
    expect(page.items.map((p) => p.sku)).toEqual(all.slice(2, 4));
    expect(page.total).toBe(4);
    expect(page.start).toBe(2);
    expect(skus(engine, { categoryId: 13, current: 4, perPage: 2 })).toEqual([]);
  });
});

describe('embedded engine: categories, filters and sorts', () => {
  const engine = engineWith();

  it('a category listing covers its descendants', () => {
    expect(skus(engine, CASES.categoryWithDescendants)).toEqual([
      AIR.sku,
      PRO.sku,
      SALE.sku,
      CATALOG_ONLY.sku,
      STATUS_ZERO.sku,
      SOLD_OUT.sku,
    ]);
    expect(skus(engine, { categoryId: 21 })).toEqual([IPHONE.sku, IPHONE_PRO.sku]);
    expect(skus(engine, { categoryId: 999 })).toEqual([]);
  });

  it('values of one attribute are alternatives; attributes combine; a configurable matches by its enabled children', () => {
    expect(skus(engine, { filters: { cvyat: ['black'] } })).toEqual([PRO.sku, IPHONE.sku, CASE.sku]);
    expect(skus(engine, { filters: { cvyat: ['black', 'silver'], ram: ['16gb'] } })).toEqual([AIR.sku, SALE.sku]);
    expect(skus(engine, { filters: { cvyat: ['orange'] } })).toEqual([IPHONE_PRO.sku]);
    expect(skus(engine, { filters: { cvyat: ['green'] } })).toEqual([]);
    expect(skus(engine, { filters: { cvyat: [] } })).toHaveLength(engine.search(CASES.listing).total);
  });

  it('price range on the VAT-inclusive final price: special price in force, lowest enabled child', () => {
    // SALE is 1 799 лв while on sale; IPHONE_PRO's lowest enabled child is 2 399 лв (the 1 200 лв one is disabled).
    expect(skus(engine, CASES.priceRange)).toEqual([AIR.sku, SALE.sku, IPHONE.sku]);
    expect(skus(engine, { price: { from: 239_900, to: 240_000 } })).toEqual([IPHONE_PRO.sku]);
    expect(skus(engine, { price: { from: null, to: 5_000 } })).toEqual([CASE.sku, CABLE.sku]);
  });

  it('sorts: default by id, price ascending and descending (ties by id)', () => {
    expect(skus(engine, CASES.priceAsc)).toEqual([
      SALE.sku,
      AIR.sku,
      CATALOG_ONLY.sku,
      STATUS_ZERO.sku,
      SOLD_OUT.sku,
      PRO.sku,
    ]);
    expect(skus(engine, CASES.priceDesc)).toEqual([
      PRO.sku,
      SOLD_OUT.sku,
      STATUS_ZERO.sku,
      CATALOG_ONLY.sku,
      AIR.sku,
      SALE.sku,
    ]);
    const tie = product({ id: 1, sku: 'TIE', name: 'Same price', categoryId: 12, gross: 199_900 });
    const withTie = engineWith([...CATALOGUE, tie]);
    expect(skus(withTie, { sort: 'price-asc', categoryId: 12 })).toEqual([SALE.sku, tie.sku, AIR.sku]);
    expect(skus(withTie, { sort: 'price-desc', categoryId: 12 })).toEqual([tie.sku, AIR.sku, SALE.sku]);
  });

  it('a customer group with a one-unit tier price sorts and filters by its price', () => {
    expect(skus(engine, { sort: 'price-asc', categoryId: 30 })).toEqual([CABLE.sku, CASE.sku, CHARGER.sku]);
    expect(skus(engine, CASES.groupPrice)).toEqual([CHARGER.sku, CABLE.sku, CASE.sku]);
    expect(skus(engine, { ...CASES.groupPrice, sort: 'price-desc' })).toEqual([CASE.sku, CABLE.sku, CHARGER.sku]);
    expect(skus(engine, { categoryId: 30, customerGroupId: 3, price: { from: 2_000, to: 3_500 } })).toEqual([
      CHARGER.sku,
    ]);
    expect(skus(engine, { ...CASES.groupPrice, customerGroupId: 4 })).toEqual([CABLE.sku, CASE.sku, CHARGER.sku]);
  });

  it('sorting by price with text keeps the text matches only', () => {
    expect(skus(engine, { mode: 'search', text: 'macbook air 13', sort: 'price-desc' })).toEqual([AIR.sku, SALE.sku]);
    expect(skus(engine, { mode: 'search', text: 'macbook air 13', sort: 'price-asc' })).toEqual([SALE.sku, AIR.sku]);
  });
});

describe('embedded engine: aggregations', () => {
  const engine = engineWith();

  it('counts each attribute with every other filter applied, not its own', () => {
    const result = engine.search(CASES.filtered);
    expect(result.total).toBe(3);
    const aggs = result.aggregations;
    expect(aggs).not.toBeNull();
    expect(aggs?.attributes.cvyat?.buckets).toEqual([
      { key: 'black', count: 3 },
      { key: 'silver', count: 2 },
      { key: 'blue', count: 1 },
      { key: 'orange', count: 1 },
    ]);
    expect(aggs?.attributes.ram?.buckets).toEqual([{ key: '24gb', count: 1 }]);
    expect(aggs?.attributes.disk?.buckets).toEqual([
      { key: '1tb', count: 1 },
      { key: '256gb', count: 1 },
    ]);
    expect(aggs?.attributes.procesor?.buckets).toEqual([]);
  });

  it('no aggregations unless asked', () => {
    expect(engine.search({ categoryId: 2 }).aggregations).toBeNull();
  });

  it('at most 10 values per attribute, most frequent first, ties by value', () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      product({
        id: 500 + i,
        sku: `M-${i}`,
        name: `Model ${i}`,
        categoryId: 40,
        gross: 1_000,
        attributes: { model: i < 3 ? 'popular' : `m${String(i).padStart(2, '0')}` },
      }),
    );
    const result = engineWith(many).search({ populateAggregations: true });
    const buckets = result.aggregations?.attributes.model?.buckets ?? [];
    expect(buckets).toHaveLength(10);
    expect(buckets[0]).toEqual({ key: 'popular', count: 3 });
    expect(buckets.slice(1).map((b) => b.key)).toEqual(['m03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09', 'm10', 'm11']);
  });

  const pricesIn = (grossPrices: number[]) =>
    engineWith(
      grossPrices.map((gross, i) => product({ id: 600 + i, sku: `P-${i}`, name: `Item ${i}`, categoryId: 40, gross })),
    ).search({ populateAggregations: true }).aggregations?.agg_terms_cena;

  // The buckets are round euro amounts (issue 29, item 6): the spread and the step in euro, a product in the range
  // its euro price falls in, the bounds carried as their lev bounds (what the price filter compares).
  it('price buckets: a euro spread under 500 € gives 100 € steps, labelled in euro', () => {
    // 120, 250, 299 and 450 лв. are 61,35, 127,82, 152,88 and 230,08 €.
    const cena = pricesIn([12_000, 25_000, 29_900, 45_000, 0]);
    expect(cena?.step).toBe(10_000);
    expect(cena?.min).toBe(12_000);
    expect(cena?.max).toBe(45_000);
    expect(cena?.buckets).toEqual([
      { from: 0, to: levBoundOfEuro(10_000), count: 1, label: '0 - 100\u00a0€' },
      { from: levBoundOfEuro(10_000), to: levBoundOfEuro(20_000), count: 2, label: '100 - 200\u00a0€' },
      { from: levBoundOfEuro(20_000), to: levBoundOfEuro(30_000), count: 1, label: '200 - 300\u00a0€' },
    ]);
  });

  it('price buckets: a euro spread of 500 to 1500 € gives 300 € steps, above gives 500 €', () => {
    // 100, 700 and 1 600 лв. are 51,13, 357,91 and 818,07 €.
    const middle = pricesIn([10_000, 70_000, 160_000]);
    expect(middle?.step).toBe(30_000);
    expect(middle?.buckets.map((b) => [b.label, b.count])).toEqual([
      ['0 - 300\u00a0€', 1],
      ['300 - 600\u00a0€', 1],
      ['600 - 900\u00a0€', 1],
    ]);
    // 600 лв. apart is 255,65 € apart: 100 € steps; 1 000 лв. apart is 511,29 €: 300 € steps.
    expect(pricesIn([10_000, 60_000])?.step).toBe(10_000);
    expect(pricesIn([10_000, 110_000])?.step).toBe(30_000);
    const wide = pricesIn([4_990, 199_900, 439_900]);
    expect(wide?.step).toBe(50_000);
    expect(wide?.buckets.map((b) => b.from)).toEqual([0, levBoundOfEuro(100_000), levBoundOfEuro(200_000)]);
    expect(pricesIn([0])).toEqual({ step: null, min: null, max: null, buckets: [] });
  });

  it('the price buckets apply the attribute filters but not the price filter', () => {
    const result = engine.search({ ...CASES.filtered, price: { from: 0, to: 10_000 } });
    expect(result.items.map((p) => p.sku)).toEqual([CASE.sku]);
    const cena = result.aggregations?.agg_terms_cena;
    expect(cena?.buckets.reduce((n, b) => n + b.count, 0)).toBe(3);
    expect(result.aggregations?.attributes.cvyat?.buckets[0]).toEqual({ key: 'black', count: 1 });
  });
});

describe('embedded engine: changes', () => {
  it('upsert replaces by sku, new products join, removed ones leave every index', () => {
    const engine = engineWith();
    engine.upsert([{ ...AIR, name: 'MacBook Neo', priceInclTax: 99_000, attributes: { cvyat: 'pink' } }]);
    expect(skus(engine, { mode: 'search', text: 'neo macbook' })[0]).toBe(AIR.sku);
    expect(skus(engine, { filters: { cvyat: ['silver'] } })).toEqual([SALE.sku]);
    expect(skus(engine, { filters: { cvyat: ['pink'] } })).toEqual([AIR.sku]);
    expect(skus(engine, CASES.priceAsc)[0]).toBe(AIR.sku);

    const fresh = product({ id: 100, sku: 'NEW', name: 'MacBook Air 13 M5', categoryId: 12, gross: 150_000 });
    engine.upsert([fresh]);
    expect(skus(engine, { categoryId: 12 })[0]).toBe(fresh.sku);
    expect(skus(engine, CASES.priceAsc).slice(0, 2)).toEqual([AIR.sku, fresh.sku]);

    engine.remove([PRO.sku, 'NOPE']);
    expect(engine.getBySku(PRO.sku)).toBeUndefined();
    expect(skus(engine, { mode: 'search', text: 'macbook pro 14' })).not.toContain(PRO.sku);
    expect(skus(engine, CASES.priceDesc)).not.toContain(PRO.sku);
    expect(engine.stats().documents).toBe(CATALOGUE.length);
  });

  it('a special price window that closes reprices the listing', () => {
    let now = NOW;
    const engine = engineWith(CATALOGUE, () => now);
    expect(skus(engine, CASES.priceAsc)[0]).toBe(SALE.sku);
    now = new Date('2026-04-01T12:00:00Z');
    expect(skus(engine, CASES.priceAsc)[0]).toBe(AIR.sku);
    expect(skus(engine, { price: { from: 219_900, to: 220_000 } })).toEqual([SALE.sku]);
  });

  it('replaceAll starts over', () => {
    const engine = engineWith();
    engine.replaceAll([CASE]);
    expect(skus(engine, CASES.listing)).toEqual([CASE.sku]);
    expect(engine.stats()).toMatchObject({ documents: 1, terms: { sku: 1 } });
  });

  it('grows past its first capacity', () => {
    const engine = createEmbeddedSearchEngine({ categories: CATEGORIES, now: () => NOW });
    const batch = (from: number) =>
      Array.from({ length: 700 }, (_, i) =>
        product({
          id: from + i,
          sku: `G-${from + i}`,
          name: `${i % 2 ? 'Кабел' : 'Калъф'} ${from + i}`,
          categoryId: 30,
          gross: 1_000 + i,
        }),
      );
    engine.upsert(batch(0));
    engine.upsert(batch(700));
    engine.upsert(batch(1400));
    expect(engine.search({ categoryId: 30, perPage: 1, current: 2099 }).items[0]?.sku).toBe('G-2099');
    expect(engine.search({ mode: 'search', text: 'кабел' }).total).toBe(1050);
  });

  it('renumbers once removed products outnumber the live ones, and follows a new category tree', () => {
    const engine = createEmbeddedSearchEngine({ categories: CATEGORIES, now: () => NOW });
    const many = Array.from({ length: 10_100 }, (_, i) => ({ ...CASE, id: i + 1, sku: `K-${i}` }));
    engine.replaceAll(many);
    engine.remove(many.slice(50).map((p) => p.sku));
    expect(engine.stats().documents).toBe(50);
    expect(skus(engine, { categoryId: 31, perPage: 3 })).toEqual(['K-0', 'K-1', 'K-2']);
    expect(engine.search({ categoryId: 30 }).total).toBe(50);
    engine.setCategories(CATEGORIES.filter((c) => c.id !== 31));
    expect(engine.search({ categoryId: 30 }).total).toBe(0);
  });

  it('min score 0.02 on the BM25 scale: a term nearly every product carries finds nothing, as in Elasticsearch', () => {
    const cables = Array.from({ length: 300 }, (_, i) =>
      product({ id: i, sku: `C-${i}`, name: `Кабел ${i}`, categoryId: 30, gross: 1_000 }),
    );
    const engine = engineWith(cables);
    expect(engine.search({ mode: 'search', text: 'кабел' }).total).toBe(0);
    expect(skus(engine, { mode: 'search', text: 'кабел 123' })[0]).toBe('C-123');
    expect(engineWith(cables.slice(0, 20)).search({ mode: 'search', text: 'кабел' }).total).toBe(20);
  });
});
