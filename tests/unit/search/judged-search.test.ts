import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { applyTaxRules } from '../../../schema/catalog/rules/apply-tax-rules.ts';
import { createEmbeddedSearchEngine, type EmbeddedSearchEngine } from '../../../schema/search/embedded-engine.ts';
import { generateCatalog } from '../../../tools/catalog/generate-catalog.ts';
import { JUDGED_QUERIES } from '../../search/judged-queries.ts';
import { judgeSearch } from '../../search/search-quality.ts';

/**
 * Issue 19: the search a Bulgarian shopper uses, judged. The embedded engine (the server's default and the
 * device's offline search) over the generated catalogue, on the judged set in tests/search/judged-queries.ts.
 */
describe('search that understands Bulgarian shoppers', () => {
  let engine: EmbeddedSearchEngine;
  let products: CatalogProduct[];
  beforeAll(() => {
    const snapshot = generateCatalog({ products: 1500, seed: 2011 });
    products = snapshot.products.map((p) => applyTaxRules(p, snapshot.taxRules));
    engine = createEmbeddedSearchEngine({ categories: snapshot.categories });
    engine.replaceAll(products);
  });
  const top = (text: string, n = 3) =>
    engine
      .search({ text, mode: 'search' })
      .items.slice(0, n)
      .map((p) => p.name);

  it('judges at least 60 real queries of every kind', () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(JUDGED_QUERIES.map((q) => q.kind)).size).toBe(8);
  });

  it('puts what the shopper asked for in the first three for at least 9 queries in 10', () => {
    const figures = judgeSearch((q) => engine.search(q), products, JUDGED_QUERIES);
    const missed = figures.answers.filter((a) => !a.success3).map((a) => a.query);
    expect(figures.success3, `missed: ${missed.join(', ')}`).toBeGreaterThanOrEqual(0.9);
  });

  it('"айфон" finds iPhones, "kalaf" cases: across scripts both ways', () => {
    expect(top('айфон')).toEqual([
      expect.stringMatching(/^iPhone/),
      expect.stringMatching(/^iPhone/),
      expect.stringMatching(/^iPhone/),
    ]);
    expect(top('kalaf', 1)[0]).toMatch(/калъф/i);
    expect(top('zaryadno', 1)[0]).toMatch(/зарядно/i);
  });

  it('a kind of product by its everyday word, singular or plural, either script, finds that kind first', () => {
    const categoriesOf = (text: string, n = 5) =>
      engine
        .search({ text, mode: 'search' })
        .items.slice(0, n)
        .map((p) => p.category.map((c) => c.slug));
    const allIn = (text: string, slugs: readonly string[]) =>
      expect(
        categoriesOf(text).every((own) => own.some((slug) => slugs.includes(slug))),
        `${text}: ${top(text, 5).join(' | ')}`,
      ).toBe(true);
    allIn('телефони', ['iphone']);
    allIn('телефон', ['iphone']);
    allIn('telefoni', ['iphone']);
    allIn('калъфи', ['kalafi-i-protektori', 'kalafi-za-mac']);
    allIn('лаптопи', ['laptopi']);
    allIn('компютри', ['laptopi', 'mac']);
    allIn('kompyutri', ['laptopi', 'mac']);
    allIn('таблет', ['ipad']);
    allIn('часовници', ['apple-watch']);
    allIn('слушалки', ['airpods']);
    allIn('монитори', ['monitori']);
  });

  it('a product name outranks the accessories that mention it, and an accessory query finds the accessory', () => {
    expect(top('macbok', 1)[0]).toMatch(/^MacBook/);
    expect(top('калъф за iphone 16', 1)[0]).toMatch(/калъф.* за iPhone 16/i);
  });
});
