import { describe, expect, it } from 'vitest';
import { tilePricing } from '../../../schema/catalog/tile/tile-pricing.ts';
import { catalogProduct } from '../catalog/fixtures.ts';

const NOW = new Date('2026-03-01T10:00:00Z');

describe('spec: "the original price struck through and the special price, or the regular price when above zero"', () => {
  it('the regular price, VAT included', () => {
    expect(tilePricing(catalogProduct(), NOW)).toEqual({ kind: 'regular', amount: 239_880 });
  });

  it('inside the window: the special price and the original to strike through', () => {
    const product = catalogProduct({ special_price: 150_000, specialPriceInclTax: 180_000 });
    expect(tilePricing(product, NOW)).toEqual({ kind: 'sale', amount: 180_000, original: 239_880 });
  });

  it('outside the window: the regular price', () => {
    const product = catalogProduct({
      special_price: 150_000,
      specialPriceInclTax: 180_000,
      special_to_date: '2026-02-28',
    });
    expect(tilePricing(product, NOW)).toEqual({ kind: 'regular', amount: 239_880 });
  });

  it("a special price without its VAT figure gets the product's own VAT ratio", () => {
    const product = catalogProduct({ special_price: 150_000, specialPriceInclTax: null });
    expect(tilePricing(product, NOW)).toEqual({ kind: 'sale', amount: 180_000, original: 239_880 });
  });
});

describe('spec: "A zero price reads \'очаква се\' (awaited)"', () => {
  it('a price of zero is awaited, whatever special price it carries', () => {
    expect(tilePricing(catalogProduct({ price: 0, priceInclTax: 0, priceTax: 0 }), NOW)).toEqual({ kind: 'awaited' });
  });
});
