import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addTax, BG_STANDARD_VAT, netForGross, taxRateFor } from '../../../schema/catalog/tax.ts';
import type { TaxRule } from '../../../schema/catalog/tax-rule.ts';

// BULGARIA.md: "VAT: 20% standard rate (Apple hardware included). Consumer prices are shown including VAT."
const RULES: TaxRule[] = [
  {
    id: 1,
    code: 'ДДС',
    product_tax_class_ids: [2],
    rates: [
      { code: 'DE', rate: 19, tax_country_id: 'DE', region_name: '', tax_region_id: 0 },
      { code: 'BG-20', rate: 20, tax_country_id: 'BG', region_name: '', tax_region_id: 0 },
    ],
  },
  {
    id: 2,
    code: 'Намалена',
    product_tax_class_ids: [5],
    rates: [{ code: 'BG-9', rate: 9, tax_country_id: 'BG', region_name: '', tax_region_id: 0 }],
  },
];

describe('Bulgarian VAT', () => {
  it('the standard rate is 20%', () => {
    expect(BG_STANDARD_VAT).toBe(20);
  });

  it("given the standard tax class, then the Bulgarian rate of its rule applies, not another country's", () => {
    expect(taxRateFor(2, RULES)).toBe(20);
    expect(taxRateFor(2, RULES, 'DE')).toBe(19);
    expect(taxRateFor(5, RULES)).toBe(9);
  });

  it('given a tax class no rule covers, then no tax is added', () => {
    expect(taxRateFor(99, RULES)).toBe(0);
  });

  it('given a net price, then 20% is added, half-up to the stotinka', () => {
    expect(addTax(199_900, 20)).toBe(239_880);
    expect(addTax(1, 20)).toBe(1); // 1.2
    expect(addTax(3, 20)).toBe(4); // 3.6
    expect(addTax(50, 9)).toBe(55); // 54.5 rounds up
  });

  it('given a VAT-inclusive shelf price, then its net price gives it back exactly: 2 399,00 лв', () => {
    const net = netForGross(239_900, 20);
    expect(net).toBe(199_917);
    expect(addTax(net, 20)).toBe(239_900);
  });

  it('net -> gross -> net is exact for every amount at 20%', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (net) => {
        expect(netForGross(addTax(net, 20), 20)).toBe(net);
      }),
      { numRuns: 2_000 },
    );
  });

  it('gross -> net -> gross is exact for every shelf price a net price can give', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (net) => {
        const gross = addTax(net, 20);
        expect(addTax(netForGross(gross, 20), 20)).toBe(gross);
      }),
      { numRuns: 2_000 },
    );
  });

  it('given a gross no net amount gives at 20% (3 stotinki), then the net rounded from it comes back, a stotinka off', () => {
    // 2 net -> 2.4 -> 2 gross; 3 net -> 3.6 -> 4 gross: no net price is 3 stotinki with VAT. 3 / 1.2 = 2.5 -> 3.
    expect(netForGross(3, 20)).toBe(3);
    expect(addTax(netForGross(3, 20), 20)).toBe(4);
  });
});
