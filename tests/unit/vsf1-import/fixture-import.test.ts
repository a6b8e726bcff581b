import { beforeAll, describe, expect, it } from 'vitest';
import { categorySchema } from '../../../schema/catalog/category.ts';
import {
  importVsf1,
  type Vsf1ImportProgress,
  type Vsf1ImportResult,
} from '../../../sync-server/catalog/import/import-vsf1.ts';
import { FIXTURE_FILES, fixture } from './vsf1-files.ts';

/** The real dumps of tests/fixtures/vsf1, counts as its README states them. */
describe('importing the VSF1 fixture dumps', () => {
  let result: Vsf1ImportResult;
  const progress: Vsf1ImportProgress[] = [];

  beforeAll(async () => {
    result = await importVsf1(FIXTURE_FILES, { onProgress: (p) => progress.push(p) });
  }, 60_000);

  it('reads every document the README lists, and refuses none', () => {
    expect(result.rejected).toEqual([]);
    expect(result.documents).toEqual({
      percolator: 2,
      product: 2_000,
      attribute: 98 + 80,
      category: 36 + 48,
      cms_block: 20,
      cms_page: 6,
      review: 971,
      taxrule: 1,
    });
    expect(result.skipped.percolator).toBe(2);
    expect(result.skipped.unknownType).toEqual({});
  });

  it('keeps 1,998 of the 2,000 products: two skus appear twice (with other ids), the first of each is kept', () => {
    const { products } = result.snapshot;
    expect(products).toHaveLength(1_998);
    const byType: Record<string, number> = {};
    for (const product of products) byType[product.type_id] = (byType[product.type_id] ?? 0) + 1;
    // The README's 1,850 simple products include the two repeated skus.
    expect(byType).toEqual({ simple: 1_848, configurable: 147, bundle: 1, grouped: 1, downloadable: 1 });
    const repeated = result.skippedLines.filter((s) => s.reason.startsWith('duplicate product'));
    expect(repeated.map((s) => [s.line, s.reason.split(':')[0]])).toEqual([
      [1294, 'duplicate product sku WSH07-29-Blue (id 1952)'],
      [1678, 'duplicate product sku WSH07-29-Black (id 1999)'],
    ]);
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
  });

  it('skips the two percolator queries by line', () => {
    const percolators = result.skippedLines.filter((s) => s.reason.includes('percolator'));
    expect(percolators.map((s) => [s.file, s.line])).toEqual([
      [fixture('catalog-2017.ndjson'), 1],
      [fixture('catalog-2017.ndjson'), 1274],
    ]);
  });

  it('merges the two dumps by key: 98 attributes (by code), 48 categories (by id), the first dump winning', () => {
    const { snapshot, skipped } = result;
    expect(snapshot.attributes).toHaveLength(98);
    expect(snapshot.categories).toHaveLength(48);
    expect(snapshot.cmsBlocks).toHaveLength(20);
    expect(snapshot.cmsPages).toHaveLength(6);
    expect(snapshot.reviews).toHaveLength(971);
    expect(snapshot.taxRules).toHaveLength(1);
    expect(snapshot.banners).toEqual([]);
    expect(snapshot.blogPosts).toEqual([]);
    // Every attribute of attribute.ndjson is in the 2017 dump; 36 of category.ndjson's ids are; 2 product skus.
    expect(skipped.duplicate).toBe(80 + 36 + 2);
    // The 2017 dump's own numbering of size (the 2020 dump numbers it 142).
    expect(snapshot.attributes.find((a) => a.attribute_code === 'size')?.attribute_id).toBe(157);
  });

  it('gives each dump alone the README counts', async () => {
    const v1125 = await importVsf1(FIXTURE_FILES.slice(1));
    expect(v1125.rejected).toEqual([]);
    expect(v1125.skipped.duplicate).toBe(0);
    const counts = Object.fromEntries(Object.entries(v1125.snapshot).map(([kind, list]) => [kind, list.length]));
    expect(counts).toMatchObject({
      attributes: 80,
      categories: 48,
      cmsBlocks: 20,
      cmsPages: 6,
      reviews: 971,
      taxRules: 1,
    });
    const catalog2017 = await importVsf1(FIXTURE_FILES.slice(0, 1));
    expect(catalog2017.snapshot.attributes).toHaveLength(98);
    expect(catalog2017.snapshot.categories).toHaveLength(36);
    expect(catalog2017.snapshot.products).toHaveLength(1_998);
  }, 60_000);

  it("gives configurable children their colour and size, from custom_attributes or the child's own document", () => {
    const { products } = result.snapshot;
    const mh01 = products.find((p) => p.sku === 'MH01');
    expect(mh01?.configurable_options.map((o) => [o.attribute_id, o.attribute_code, o.label])).toEqual([
      [93, 'color', 'Color'],
      [157, 'size', 'Size'],
    ]);
    expect(mh01?.configurable_options[1]?.values.map((v) => `${v.value_index}=${v.label}`)).toEqual([
      '167=XS',
      '168=S',
      '169=M',
      '170=L',
      '171=XL',
    ]);
    const xsBlack = mh01?.configurable_children.find((c) => c.sku === 'MH01-XS-Black');
    expect(xsBlack).toMatchObject({ id: 4, attributes: { color: '49', size: '167' }, price: 5200, status: 1 });
    // MP04's children have no custom_attributes in the dump: their values come from their own documents.
    const mp04 = products.find((p) => p.sku === 'MP04');
    expect(mp04?.configurable_children[0]).toMatchObject({
      sku: 'MP04-32-Black',
      attributes: { color: '49', size: '176' },
    });

    let children = 0;
    for (const product of products.filter((p) => p.type_id === 'configurable')) {
      for (const child of product.configurable_children) {
        children += 1;
        for (const option of product.configurable_options) {
          const value = child.attributes[option.attribute_code];
          expect(option.values.map((v) => v.value_index)).toContain(value);
        }
        expect(products.find((p) => p.sku === child.sku)?.parentSku).toBe(product.sku);
      }
    }
    expect(children).toBe(1_803);
  });

  it('turns decimal strings into stotinki and keeps the special dates', () => {
    const { products } = result.snapshot;
    const bundle = products.find((p) => p.sku === '24-WG080');
    // "special_price": "32.0000", "special_from_date": "2017-09-16 15:46:46"
    expect(bundle).toMatchObject({ price: 0, special_price: 3200, special_from_date: '2017-09-16 15:46:46' });
    const variant = products.find((p) => p.sku === 'MH01-M-Black');
    expect(variant).toMatchObject({ price: 5200, special_price: 2400, parentSku: 'MH01' });
    // The child entry in MH01 has no special price: it comes from the variant's own document.
    const child = products.find((p) => p.sku === 'MH01')?.configurable_children.find((c) => c.sku === 'MH01-M-Black');
    expect(child).toMatchObject({ special_price: 2400, special_from_date: '2017-09-16 15:46:46' });
  });

  it("prices with VAT at the rule's first country when it has no Bulgarian rate (DE, 23%), keeping the rule as it is", () => {
    expect(result.taxCountry).toBe('DE');
    const mh01 = result.snapshot.products.find((p) => p.sku === 'MH01');
    expect(mh01).toMatchObject({ price: 5200, priceInclTax: 6396, priceTax: 1196, tax_class_id: 2 });
    const bundle = result.snapshot.products.find((p) => p.sku === '24-WG080');
    expect(bundle?.specialPriceInclTax).toBe(3936);
    // 24-MB01 has no tax_class_id: class 0, no rule, no VAT.
    expect(result.snapshot.products.find((p) => p.sku === '24-MB01')).toMatchObject({ tax_class_id: 0, priceTax: 0 });
    expect(result.snapshot.taxRules[0]?.rates.map((r) => `${r.tax_country_id}:${r.rate}`)).toEqual([
      'DE:23',
      'US:23',
      'IT:23',
      'PL:23',
    ]);
  });

  it('fills filter attributes from the top-level keys: multiselects split, system attributes left out', () => {
    const bundle = result.snapshot.products.find((p) => p.sku === '24-WG080');
    expect(bundle?.attributes).toMatchObject({ activity: ['8', '11'], erin_recommends: '1', sale: '1' });
    expect(bundle?.attributes).not.toHaveProperty('tax_class_id');
    expect(bundle?.attributes).not.toHaveProperty('options_container');
    expect(bundle?.sale).toBe(true);
    expect(bundle?.bundle_options).toEqual([]); // the 2017 dump indexed no bundle options
  });

  it('defaults stock to in stock when the dump has none', () => {
    expect(result.snapshot.stockItems).toEqual([]);
    expect(result.snapshot.products.every((p) => p.stock.is_in_stock && p.stock.qty === 0)).toBe(true);
  });

  it('flattens the category trees with path, level and unique route slugs', () => {
    const { categories, products } = result.snapshot;
    for (const category of categories) expect(categorySchema.safeParse(category).success).toBe(true);
    expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length);
    // 2017 category (no path or slug in the dump): derived from the tree.
    expect(categories.find((c) => c.id === 24)).toMatchObject({
      parent_id: 21,
      path: '1/2/20/21/24',
      level: 4,
      slug: 'hoodies-and-sweatshirts-24',
      url_path: 'women/tops-21/hoodies-and-sweatshirts-24',
    });
    // A v1.12.5 category not in the 2017 dump keeps its own path and slug.
    expect(categories.find((c) => c.id === 51)).toMatchObject({ path: expect.stringMatching(/\/51$/), level: 9 });
    const refs = products.find((p) => p.sku === 'MH01')?.category;
    expect(refs?.find((r) => r.category_id === 15)?.slug).toBe(categories.find((c) => c.id === 15)?.slug);
  });

  it('keeps reviews without a rating, CMS pages with their identifier as slug', () => {
    const { reviews, cmsPages } = result.snapshot;
    expect(reviews.every((r) => r.rating === null)).toBe(true);
    expect(reviews[0]).toMatchObject({ id: 369, product_id: 489886, review_status: 2 });
    expect(cmsPages.map((p) => p.slug)).toContain('enable-cookies');
  });

  it('reports progress through both passes', () => {
    expect(progress.some((p) => p.phase === 'scan')).toBe(true);
    expect(progress.some((p) => p.phase === 'products')).toBe(true);
    const last = progress.at(-1);
    const total = Object.values(result.snapshot).reduce((n, list) => n + list.length, 0);
    expect(last).toMatchObject({ phase: 'products', file: fixture('catalog-2017.ndjson'), line: 2136, rejected: 0 });
    expect(last?.imported).toBe(total);
    // Counts never go backwards.
    for (let i = 1; i < progress.length; i += 1) {
      expect(progress[i]!.imported).toBeGreaterThanOrEqual(progress[i - 1]!.imported);
    }
  });

  it('resolves attribute ids per dump, whatever the file order', async () => {
    const alphabetical = [...FIXTURE_FILES].sort();
    const other = await importVsf1(alphabetical, { country: 'BG' });
    expect(other.taxCountry).toBe('BG');
    const mh01 = other.snapshot.products.find((p) => p.sku === 'MH01');
    // attribute.ndjson (first now) numbers size 142, but MH01's dump says 157: still size.
    expect(mh01?.configurable_options.map((o) => o.attribute_code)).toEqual(['color', 'size']);
    expect(mh01?.priceInclTax).toBe(5200); // no BG rate in the rules: no VAT
    // The 2017 extension attributes whose ids the 2020 dump gives to other attributes are refused, by line.
    expect(other.rejected.length).toBeGreaterThan(0);
    for (const r of other.rejected) {
      expect(r).toMatchObject({ file: fixture('catalog-2017.ndjson'), field: '_source.attribute_id' });
      expect(r.reason).toMatch(/attribute_id \d+ is already attribute \w+/);
    }
  }, 60_000);
});
