import { describe, expect, it } from 'vitest';
import { generateCatalog, isSellable, summarize } from '../../../tools/catalog/generate-catalog.ts';
import { validateSnapshot } from '../../../tools/catalog/validate-snapshot.ts';
import { NOW } from './catalog-fixture.ts';

// `--products 100000` is measured by hand (see the report); 20 000 keeps the unit suite quick.
describe('a larger catalogue (--products 20000)', () => {
  it('has exactly the sellable count asked for, unique skus, and validates', { timeout: 120_000 }, () => {
    const started = performance.now();
    const catalog = generateCatalog({ products: 20_000, seed: 7, now: NOW });
    const elapsed = performance.now() - started;
    expect(catalog.products.filter(isSellable)).toHaveLength(20_000);
    expect(new Set(catalog.products.map((p) => p.sku)).size).toBe(catalog.products.length);
    expect(validateSnapshot(catalog)).toEqual([]);
    const summary = summarize(catalog);
    expect(summary.productTypes.configurable).toBe(1000);
    expect(summary.eol).toBeGreaterThan(0);
    expect(summary.disabled).toBeGreaterThan(0);
    // Names stay mostly distinct when the natural range runs out (other brands, then "издание N").
    const names = catalog.products.filter(isSellable).map((p) => p.name);
    expect(new Set(names).size).toBeGreaterThan(names.length * 0.95);
    // Generous: about 1.5 s on a quiet machine; the bound only catches an accidental quadratic step.
    expect(elapsed).toBeLessThan(30_000);
  });
});
