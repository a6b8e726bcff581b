import { afterAll, describe, expect, it } from 'vitest';
import { importVsf1 } from '../../../sync-server/catalog/import/import-vsf1.ts';
import { formatSummary } from '../../../tools/import-vsf1.ts';
import { dumpLine, simpleProduct, tempDir } from './vsf1-files.ts';

/**
 * Issue 19: "The VSF1 importer imports a dump without tax rules silently with 0% VAT: it says so, and applies
 * Bulgaria's 20% when asked (--country BG)."
 */
describe('a VSF1 dump without tax rules', () => {
  const files = tempDir();
  afterAll(() => files.cleanup());
  // 10.00 (1,000 stotinki) net, tax class 2: no rule of the dump covers it.
  const dump = files.write('no-tax.ndjson', [dumpLine('product', simpleProduct(1, 'NO-TAX-1'))]);

  it('is imported as it is, with a notice saying so and how to apply Bulgarian VAT', async () => {
    const result = await importVsf1([dump]);
    const [product] = result.snapshot.products;
    expect(product?.priceInclTax).toBe(product?.price);
    expect(result.snapshot.taxRules).toEqual([]);
    expect(result.notices).toEqual([expect.stringContaining('0% VAT')]);
    expect(formatSummary(result, 0.1).join('\n')).toContain('--country BG');
  });

  it("with --country BG gets Bulgaria's 20% VAT, as a rule of the snapshot the store prices with", async () => {
    const result = await importVsf1([dump], { country: 'BG' });
    const [product] = result.snapshot.products;
    expect(product?.priceInclTax).toBe(Math.round((product?.price ?? 0) * 1.2));
    expect(result.snapshot.taxRules).toHaveLength(1);
    expect(result.snapshot.taxRules[0]).toMatchObject({
      product_tax_class_ids: [2],
      rates: [{ tax_country_id: 'BG', rate: 20 }],
    });
    expect(result.notices).toEqual([expect.stringContaining('20% VAT was applied')]);
  });
});
