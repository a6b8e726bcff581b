import { describe, expect, it } from 'vitest';
import { tilePricing } from '../../../schema/catalog/tile/tile-pricing.ts';
import { groupPriceInclTax, groupQuantityTiers } from '../../../client/catalog/product/product-pricing.ts';
import { impliedVatRate } from '../../../schema/catalog/tax.ts';
import { NOT_LOGGED_IN_GROUP } from '../../../schema/catalog/rules/tier-price.ts';
import { effectivePrice } from '../../../schema/catalog/rules/effective-price.ts';
import { emptyCart } from '../../../schema/cart/cart.ts';
import { applyCartCommand } from '../../../schema/cart/cart-rules.ts';
import { cartProductOf } from '../../../sync-server/catalog/cart-product.ts';
import { demoCatalog } from '../../../sync-server/catalog/demo-catalog.ts';
import { catalogProduct } from '../catalog/fixtures.ts';
import { addItem, OWNER } from '../support/commands.ts';

/**
 * Prices shown with price tiers (spec: "prices shown ... reload on login and logout"): a tile and the product page
 * show a business customer the business price for one unit, and the page lists the cheaper prices for more units;
 * a guest sees the normal price. The figures are the cart's.
 */
const NOW = new Date('2026-03-01T10:00:00Z');
const BUSINESS = 2;
// MacBook Air: net 1 999,00 лв., 2 398,80 лв. with VAT; business -5%, and from 5 units -8%.
const MACBOOK = catalogProduct({
  tier_prices: [
    { customer_group_id: BUSINESS, qty: 1, value: 189_905 },
    { customer_group_id: BUSINESS, qty: 5, value: 183_908 },
    // A tier that lowers nothing (above the five-unit price) is not offered.
    { customer_group_id: BUSINESS, qty: 10, value: 190_000 },
  ],
});

describe('a tile shows the shopper’s group price', () => {
  it('given a guest, then the tile shows the normal price', () => {
    expect(tilePricing(MACBOOK, NOW, NOT_LOGGED_IN_GROUP)).toEqual({ kind: 'regular', amount: 239_880 });
  });

  it('given a business customer, then the tile shows the business price with the normal one struck through', () => {
    expect(tilePricing(MACBOOK, NOW, BUSINESS)).toEqual({ kind: 'group', amount: 227_886, original: 239_880 });
  });

  it('given a sale below the business price, then the tile shows the sale', () => {
    const onSale = { ...MACBOOK, special_price: 150_000, specialPriceInclTax: 180_000 };
    expect(tilePricing(onSale, NOW, BUSINESS)).toEqual({ kind: 'sale', amount: 180_000, original: 239_880 });
  });
});

describe('the product page shows the group price and its quantity steps, as the cart charges them', () => {
  const price = effectivePrice(MACBOOK, NOW);
  const vat = impliedVatRate(MACBOOK);

  it('given a business customer, then one unit costs the business price and the hint offers from 5 units', () => {
    expect(groupPriceInclTax(price, MACBOOK.tier_prices, BUSINESS, vat)).toBe(227_886);
    expect(groupQuantityTiers(price, MACBOOK.tier_prices, BUSINESS, vat)).toEqual([
      { qty: 5, unitPriceInclTax: 220_690 },
    ]);
  });

  it('given a guest, then the normal price and no hint', () => {
    expect(groupPriceInclTax(price, MACBOOK.tier_prices, NOT_LOGGED_IN_GROUP, vat)).toBe(239_880);
    expect(groupQuantityTiers(price, MACBOOK.tier_prices, NOT_LOGGED_IN_GROUP, vat)).toEqual([]);
  });

  it('given the server’s cart view of the same product, then the cart charges the page’s figures for 1 and 5 units', () => {
    const { taxRules } = demoCatalog();
    const view = cartProductOf(MACBOOK, MACBOOK.sku, { taxRules, now: NOW }, 1)!;
    for (const [qty, shown] of [
      [1, 227_886],
      [5, 220_690],
    ] as const) {
      const { cart } = applyCartCommand(emptyCart(OWNER), addItem(MACBOOK.sku, qty), () => view, {
        customerGroupId: BUSINESS,
      });
      expect(cart.items[0]?.unitPriceInclTax).toBe(shown);
    }
  });
});
