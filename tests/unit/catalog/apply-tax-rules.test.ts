import { describe, expect, it } from 'vitest';
import { catalogProductSchema } from '../../../schema/catalog/catalog-product.ts';
import { applyTaxRules } from '../../../schema/catalog/rules/apply-tax-rules.ts';
import type { TaxRule } from '../../../schema/catalog/tax-rule.ts';
import { catalogProduct, child } from './fixtures.ts';

const BG_VAT: TaxRule[] = [
  {
    id: 1,
    code: 'ДДС 20%',
    product_tax_class_ids: [2],
    rates: [{ code: 'BG', rate: 20, tax_country_id: 'BG', region_name: '', tax_region_id: 0 }],
  },
];

// Spec section 1: "Tax is calculated on the server; prices held by the client are without tax, with inclusive-tax
// variants supplied by the server."
describe('applying the tax rules to a product', () => {
  it('given a product of the standard class, then priceInclTax, priceTax and specialPriceInclTax carry 20% VAT', () => {
    const product = catalogProduct({ price: 199_900, special_price: 179_900, priceInclTax: 0, priceTax: 0 });
    const taxed = applyTaxRules(product, BG_VAT);
    expect(taxed).toMatchObject({ priceInclTax: 239_880, priceTax: 39_980, specialPriceInclTax: 215_880 });
    expect(taxed.price).toBe(199_900);
  });

  it('given no special price, then specialPriceInclTax is null', () => {
    expect(applyTaxRules(catalogProduct({ special_price: null }), BG_VAT).specialPriceInclTax).toBeNull();
  });

  it("given a configurable product, then each child's priceInclTax (and special) is filled at the parent's rate", () => {
    const product = catalogProduct({
      type_id: 'configurable',
      configurable_children: [
        child({ sku: 'IP17-256', price: 158_250 }),
        child({ sku: 'IP17-512', price: 191_583, special_price: 174_917 }),
      ],
    });
    const children = applyTaxRules(product, BG_VAT).configurable_children;
    expect(children.map((c) => [c.sku, c.priceInclTax, c.specialPriceInclTax])).toEqual([
      ['IP17-256', 189_900, null],
      ['IP17-512', 229_900, 209_900],
    ]);
  });

  it('given a tax class without a Bulgarian rule, then the figures with VAT equal the net ones', () => {
    const taxed = applyTaxRules(catalogProduct({ tax_class_id: 0, price: 5_000 }), BG_VAT);
    expect(taxed).toMatchObject({ priceInclTax: 5_000, priceTax: 0 });
  });

  it('the result is still a valid catalogue product, and the input is left as it was', () => {
    const product = catalogProduct({ configurable_children: [child({ sku: 'C', special_price: 5_000 })] });
    const before = structuredClone(product);
    const taxed = applyTaxRules(product, BG_VAT);
    expect(catalogProductSchema.parse(taxed)).toEqual(taxed);
    expect(product).toEqual(before);
  });
});
