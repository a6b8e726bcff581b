import { describe, expect, it } from 'vitest';
import { configurablePrice, lowestPricedChild } from '../../../schema/catalog/rules/configurable-price.ts';
import { child } from './fixtures.ts';

// Spec section 4: "For a configurable product, the lowest-priced child price is shown as the product price."
const now = new Date('2026-03-15T12:00:00Z');

describe('the price shown for a configurable product', () => {
  it('given three enabled children, then the lowest child price is the product price', () => {
    const product = {
      configurable_children: [
        child({ sku: 'IP17-512', price: 229_900 }),
        child({ sku: 'IP17-256', price: 189_900 }),
        child({ sku: 'IP17-1TB', price: 269_900 }),
      ],
    };
    expect(lowestPricedChild(product, now)?.child.sku).toBe('IP17-256');
    expect(configurablePrice(product, now)?.finalPrice).toBe(189_900);
  });

  it('given the cheapest child is disabled (status 2), then it is not considered', () => {
    const product = {
      configurable_children: [
        child({ sku: 'OLD', price: 99_900, status: 2 }),
        child({ sku: 'IP17-256', price: 189_900 }),
      ],
    };
    expect(configurablePrice(product, now)?.finalPrice).toBe(189_900);
  });

  it("given a child on sale now, then its special price competes, and it doesn't once the window has closed", () => {
    const product = {
      configurable_children: [
        child({ sku: 'A', price: 189_900 }),
        child({ sku: 'B', price: 199_900, special_price: 179_900, special_to_date: '2026-03-20' }),
      ],
    };
    expect(lowestPricedChild(product, now)).toMatchObject({ child: { sku: 'B' }, price: { finalPrice: 179_900 } });
    expect(lowestPricedChild(product, new Date('2026-03-21T12:00:00Z'))?.child.sku).toBe('A');
  });

  it('given a child without a known price (0), then a priced child is shown rather than "очаква се"', () => {
    const product = { configurable_children: [child({ sku: 'X', price: 0 }), child({ sku: 'Y', price: 50_000 })] };
    expect(configurablePrice(product, now)?.finalPrice).toBe(50_000);
    expect(configurablePrice({ configurable_children: [child({ sku: 'X', price: 0 })] }, now)?.finalPrice).toBe(0);
  });

  it('given two children at the same lowest price, then the earlier child is the one shown', () => {
    const product = {
      configurable_children: [child({ sku: 'FIRST', price: 100 }), child({ sku: 'SECOND', price: 100 })],
    };
    expect(lowestPricedChild(product, now)?.child.sku).toBe('FIRST');
  });

  it('given no enabled child, then there is no configurable price', () => {
    expect(configurablePrice({ configurable_children: [] }, now)).toBeNull();
    expect(configurablePrice({ configurable_children: [child({ sku: 'Z', status: 3 })] }, now)).toBeNull();
  });

  it('given children with VAT applied, then the VAT-inclusive figure of the lowest child comes along', () => {
    const product = { configurable_children: [child({ sku: 'A', price: 100_000, priceInclTax: 120_000 })] };
    expect(configurablePrice(product, now)?.finalPriceInclTax).toBe(120_000);
  });
});
