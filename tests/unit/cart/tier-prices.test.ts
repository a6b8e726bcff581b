import { describe, expect, it } from 'vitest';
import { customOptionSchema } from '../../../schema/catalog/catalog-product.ts';
import type { Product } from '../../../schema/catalog/product.ts';
import { ALL_GROUPS, NOT_LOGGED_IN_GROUP } from '../../../schema/catalog/rules/tier-price.ts';
import { applyCartCommand, type CartCommand } from '../../../schema/cart/cart-rules.ts';
import { emptyCart, lineIdOf, type Cart } from '../../../schema/cart/cart.ts';
import { foldPendingIntoCart } from '../../../schema/cart/optimistic-cart.ts';
import { repriceCart } from '../../../schema/cart/reprice-cart.ts';
import { cartProductOf } from '../../../sync-server/catalog/cart-product.ts';
import { demoCatalog } from '../../../sync-server/catalog/demo-catalog.ts';
import { catalogProduct, child } from '../catalog/fixtures.ts';
import { catalogue, product } from '../support/catalogue.ts';
import { addItem, commandDoc, OWNER, removeItem, updateQty } from '../support/commands.ts';

/**
 * Price tiers (spec commerce.md "Price tiers", catalogue.md section 6): a logged-in user's customer group selects
 * its tier prices. What a shopper notices: a business customer (group 2) pays the business price for one unit and
 * a lower one from five units; a guest pays the normal price; no tier ever makes a product dearer; a line with
 * custom options costs its options' price, not a tier.
 */

const GUEST = NOT_LOGGED_IN_GROUP;
const BUSINESS = 2;
const EDUCATION = 3;

// 2 399 лв. normally; business 2 279,05 лв. (-5%) and from 5 units 2 207,08 лв. (-8%); education 2 231,07 лв.
const MACBOOK = product({
  sku: 'MBA-15',
  name: 'MacBook Air 15"',
  priceInclTax: 239_900,
  stockQty: 50,
  tierPricesInclTax: [
    { customer_group_id: BUSINESS, qty: 1, value: 227_905 },
    { customer_group_id: BUSINESS, qty: 5, value: 220_708 },
    { customer_group_id: EDUCATION, qty: 1, value: 223_107 },
  ],
});
// Every group but guests... and guests too: ALL_GROUPS is Magento's "all customer groups".
const CABLE = product({
  sku: 'USB-C-2M',
  priceInclTax: 4_900,
  stockQty: 100,
  tierPricesInclTax: [{ customer_group_id: ALL_GROUPS, qty: 10, value: 3_900 }],
});
// A tier set above the normal price (a stale tier after a price cut).
const AIRPODS = product({
  sku: 'APP3',
  priceInclTax: 44_900,
  tierPricesInclTax: [{ customer_group_id: BUSINESS, qty: 1, value: 49_900 }],
});
// A tiered product with an engraving option (a fixed 40 лв. surcharge, net).
const WATCH = product({
  sku: 'AWU3',
  priceInclTax: 159_900,
  stockQty: 20,
  tierPricesInclTax: [{ customer_group_id: BUSINESS, qty: 1, value: 151_905 }],
  options: {
    price: 133_250,
    originalPrice: 133_250,
    vatRate: 20,
    custom: [
      customOptionSchema.parse({
        option_id: 3,
        title: 'Гравиране',
        type: 'field',
        is_require: false,
        values: [{ option_type_id: 31, title: 'Гравиране', price: 4_000, price_type: 'fixed' }],
      }),
    ],
    bundle: [],
  },
});
const shop = catalogue(MACBOOK, CABLE, AIRPODS, WATCH);

/** The cart after the commands, as the server's executor runs them for an owner of `group`. */
const cartOf = (group: number, ...commands: CartCommand[]): Cart =>
  commands.reduce((cart, command) => applyCartCommand(cart, command, shop, { customerGroupId: group }).cart, {
    ...emptyCart(OWNER),
  });
const unitPrice = (cart: Cart, sku: string) => cart.items.find((line) => line.sku === sku)?.unitPriceInclTax;

describe('a customer group pays its tier price in the cart', () => {
  it('given a guest, when a MacBook is added, then the line costs the normal price', () => {
    expect(unitPrice(cartOf(GUEST, addItem(MACBOOK.sku, 1)), MACBOOK.sku)).toBe(239_900);
  });

  it('given a general customer (group 1, no tiers), when a MacBook is added, then the line costs the normal price', () => {
    expect(unitPrice(cartOf(1, addItem(MACBOOK.sku, 1)), MACBOOK.sku)).toBe(239_900);
  });

  it('given a business customer, when a MacBook is added, then the line costs the business price', () => {
    expect(unitPrice(cartOf(BUSINESS, addItem(MACBOOK.sku, 1)), MACBOOK.sku)).toBe(227_905);
  });

  it('given an education customer, when a MacBook is added, then the line costs the education price', () => {
    expect(unitPrice(cartOf(EDUCATION, addItem(MACBOOK.sku, 2)), MACBOOK.sku)).toBe(223_107);
  });

  it('given a business customer, when five MacBooks are added at once, then each costs the five-unit price', () => {
    const cart = cartOf(BUSINESS, addItem(MACBOOK.sku, 5));
    expect(unitPrice(cart, MACBOOK.sku)).toBe(220_708);
  });

  it('given four MacBooks in a business cart, when a fifth is added, then the whole line moves to the five-unit price', () => {
    const cart = cartOf(BUSINESS, addItem(MACBOOK.sku, 4), addItem(MACBOOK.sku, 1));
    expect(cart.items).toMatchObject([{ qty: 5, unitPriceInclTax: 220_708 }]);
  });

  it('given five MacBooks at the five-unit price, when the quantity is set to 2 or two are removed, then the line costs the one-unit business price again', () => {
    const five = cartOf(BUSINESS, addItem(MACBOOK.sku, 5));
    expect(unitPrice(cartOf(BUSINESS, addItem(MACBOOK.sku, 5), updateQty(MACBOOK.sku, 2)), MACBOOK.sku)).toBe(227_905);
    const removed = applyCartCommand(five, removeItem(MACBOOK.sku, 2), shop, { customerGroupId: BUSINESS }).cart;
    expect(removed.items).toMatchObject([{ qty: 3, unitPriceInclTax: 227_905 }]);
  });

  it('given an "all groups" tier from 10 units, when a guest and a business customer buy 10 cables, then both pay it; 9 cost the normal price', () => {
    expect(unitPrice(cartOf(GUEST, addItem(CABLE.sku, 10)), CABLE.sku)).toBe(3_900);
    expect(unitPrice(cartOf(BUSINESS, addItem(CABLE.sku, 10)), CABLE.sku)).toBe(3_900);
    expect(unitPrice(cartOf(BUSINESS, addItem(CABLE.sku, 9)), CABLE.sku)).toBe(4_900);
  });

  it('given a tier above the normal price, when a business customer adds the product, then the normal price is charged', () => {
    expect(unitPrice(cartOf(BUSINESS, addItem(AIRPODS.sku, 1)), AIRPODS.sku)).toBe(44_900);
  });

  it('given a product with an engraving option, when a business customer adds it plain, then the tier applies; engraved, the options price it without the tier', () => {
    expect(unitPrice(cartOf(BUSINESS, addItem(WATCH.sku, 1)), WATCH.sku)).toBe(151_905);
    const engraved = cartOf(BUSINESS, addItem(WATCH.sku, 1, { 'custom:3': 'За Мария' }));
    // 1 599 + 48 лв. (40 net + VAT): the price the product page shows for the engraved watch.
    expect(engraved.items).toMatchObject([{ unitPriceInclTax: 164_700 }]);
  });
});

describe('the optimistic cart charges what the server will', () => {
  it('given a business user’s pending add, when folded with the user’s group, then the shown total is the business total', () => {
    const pending = [commandDoc('cart.addItem', { sku: MACBOOK.sku, qty: 5, options: {} })];
    const shown = foldPendingIntoCart(emptyCart(OWNER), pending, shop, undefined, { customerGroupId: BUSINESS });
    expect(shown.items).toMatchObject([{ qty: 5, unitPriceInclTax: 220_708 }]);
    const asGuest = foldPendingIntoCart(emptyCart(OWNER), pending, shop);
    expect(asGuest.items).toMatchObject([{ qty: 5, unitPriceInclTax: 239_900 }]);
  });
});

describe('a cart re-priced for a new group (login, an operator moving the user)', () => {
  it('given a guest cart, when re-priced for a business user, then plain lines take the business prices and option lines keep theirs', () => {
    const guestCart = cartOf(
      GUEST,
      addItem(MACBOOK.sku, 5),
      addItem(AIRPODS.sku, 1),
      addItem(WATCH.sku, 1, { 'custom:3': 'За Мария' }),
    );
    const repriced = repriceCart(guestCart, shop, { customerGroupId: BUSINESS });
    expect(repriced.items.map((line) => [line.sku, line.unitPriceInclTax])).toEqual([
      [MACBOOK.sku, 220_708],
      [AIRPODS.sku, 44_900],
      [WATCH.sku, 164_700],
    ]);
    expect(repriceCart(repriced, shop, { customerGroupId: GUEST }).items[0]?.unitPriceInclTax).toBe(239_900);
  });

  it('given a line whose product is gone, when re-priced, then it keeps its price', () => {
    const cart = cartOf(BUSINESS, addItem(MACBOOK.sku, 1));
    expect(repriceCart(cart, catalogue(), { customerGroupId: GUEST }).items).toEqual(cart.items);
    expect(cart.items[0]?.lineId).toBe(lineIdOf(MACBOOK.sku));
  });
});

describe('the server’s cart view of a catalogue product carries its tiers with VAT', () => {
  const NOW = new Date('2026-11-21T12:00:00Z');
  const demo = demoCatalog();
  const context = { taxRules: demo.taxRules, now: NOW };
  const business = (net: number) => [
    { customer_group_id: BUSINESS, qty: 1, value: Math.round(net * 0.95) },
    { customer_group_id: BUSINESS, qty: 5, value: Math.round(net * 0.92) },
  ];

  it('given a tiered product, then each tier is its net value plus 20% VAT, half-up, like its price', () => {
    const tiered = catalogProduct({ tier_prices: business(199_900) });
    const view: Product | undefined = cartProductOf(tiered, tiered.sku, context, 1);
    expect(view?.tierPricesInclTax).toEqual([
      { customer_group_id: BUSINESS, qty: 1, value: 227_886 },
      { customer_group_id: BUSINESS, qty: 5, value: 220_690 },
    ]);
  });

  it('given a configurable product with tiers, then each variant carries its parent’s tiers', () => {
    const parent = catalogProduct({
      type_id: 'configurable',
      tier_prices: business(199_900),
      configurable_children: [child({ sku: 'MBA13-M4-MIDNIGHT', price: 199_900 })],
    });
    const view = cartProductOf(parent, 'MBA13-M4-MIDNIGHT', context, 1);
    expect(view?.tierPricesInclTax?.map((tier) => tier.value)).toEqual([227_886, 220_690]);
  });

  it('given a product without tiers, then its view has none', () => {
    const plain = catalogProduct();
    expect(cartProductOf(plain, plain.sku, context, 1)).not.toHaveProperty('tierPricesInclTax');
  });
});
