import { describe, expect, it } from 'vitest';
import { bundleOptionSchema, customOptionSchema } from '../../../schema/catalog/catalog-product.ts';
import type { Product, ProductOptions } from '../../../schema/catalog/product.ts';
import { emptyCart, lineIdOf } from '../../../schema/cart/cart.ts';
import { foldPendingIntoCart } from '../../../schema/cart/optimistic-cart.ts';
import { catalogue, product } from '../support/catalogue.ts';
import { addItem, commandDoc, OWNER, updateQty } from '../support/commands.ts';
import { given } from '../support/cart-spec.ts';

/**
 * A line with custom options or a bundle selection costs what the product page shows for the same choice: the
 * options are priced by the page's rules (customOptionsPrice, bundlePrice) with the product's VAT, by ids.
 */

const value = (option_type_id: number, title: string, price = 0, extra: Record<string, unknown> = {}) => ({
  option_type_id,
  title,
  price,
  price_type: 'fixed',
  ...extra,
});

// Net 1 332,50 лв.; 1 599 лв. with 20% VAT.
const WATCH_OPTIONS: ProductOptions = {
  price: 133_250,
  originalPrice: 133_250,
  vatRate: 20,
  custom: [
    customOptionSchema.parse({
      option_id: 1,
      title: 'Размер на каишката',
      type: 'radio',
      is_require: true,
      values: [value(11, 'S'), value(12, 'M')],
    }),
    customOptionSchema.parse({
      option_id: 2,
      title: 'AppleCare+ за 2 години',
      type: 'checkbox',
      is_require: false,
      sort_order: 1,
      values: [value(21, 'AppleCare+', 16_500)],
    }),
    customOptionSchema.parse({
      option_id: 3,
      title: 'Гравиране',
      type: 'field',
      is_require: false,
      sort_order: 2,
      values: [value(31, 'Гравиране', 4_000)],
    }),
    customOptionSchema.parse({
      option_id: 5,
      title: 'Застраховка',
      type: 'select',
      is_require: false,
      sort_order: 3,
      values: [{ ...value(51, '10%'), price: 10, price_type: 'percent' }],
    }),
  ],
  bundle: [],
};
const WATCH = product({ sku: 'AWU3', name: 'Apple Watch Ultra 3', priceInclTax: 159_900, options: WATCH_OPTIONS });

const link = (
  id: number,
  sku: string,
  price: number,
  stock: { isInStock?: boolean; stockQty?: number | null } = {},
) => ({
  ...bundleOptionSchema.shape.product_links.element.parse({
    id,
    sku,
    qty: 1,
    is_default: id % 2 === 1,
    price,
    name: sku,
  }),
  isInStock: stock.isInStock ?? true,
  stockQty: stock.stockQty ?? 10,
});
const bundleOf = (links: { air?: Parameters<typeof link>[3]; pods?: Parameters<typeof link>[3] } = {}): Product =>
  product({
    sku: 'BNDL',
    name: 'Комплект MacBook Air + AirPods Pro 3',
    // The default selection (1 920 + 450 лв.), as the server's cart view gives it.
    priceInclTax: 237_000,
    stockQty: 5,
    options: {
      price: 0,
      originalPrice: 0,
      vatRate: 20,
      custom: [],
      bundle: [
        {
          option_id: 1,
          title: 'Компютър',
          required: true,
          type: 'radio',
          product_links: [link(1, 'MBA', 160_000, links.air), link(2, 'MBP', 355_000)],
        },
        {
          option_id: 2,
          title: 'Слушалки',
          required: false,
          type: 'checkbox',
          product_links: [link(3, 'APP3', 37_500, links.pods)],
        },
      ],
    },
  });
const BUNDLE = bundleOf();
const shop = catalogue(WATCH, BUNDLE);

const APPLECARE_M = { 'custom:1': '12', 'custom:2': '21' };

describe('a line with custom options', () => {
  it('given a required option and a fixed surcharge chosen, then the line costs the price plus the surcharge with VAT, and says so in words', () => {
    given()
      .when(addItem(WATCH.sku, 1, APPLECARE_M), shop)
      .then({
        type: 'cart.lineAdded',
        line: {
          lineId: lineIdOf(WATCH.sku, APPLECARE_M),
          sku: WATCH.sku,
          name: WATCH.name,
          qty: 1,
          unitPriceInclTax: 159_900 + 19_800,
          options: APPLECARE_M,
          labels: [
            { name: 'Размер на каишката', value: 'M' },
            { name: 'AppleCare+ за 2 години', value: 'AppleCare+' },
          ],
        },
      });
  });

  it('given an engraving and a percent option, then each is priced as the page prices it', () => {
    const { cart } = given().when(
      addItem(WATCH.sku, 1, { 'custom:1': '11', 'custom:3': 'За Мария', 'custom:5': '51' }),
      shop,
    );
    // 1 599 + 48 (40 net) + 159,90 (10% of 1 332,50 net, with VAT).
    expect(cart.items[0]?.unitPriceInclTax).toBe(159_900 + 4_800 + 15_990);
    expect(cart.items[0]?.labels).toContainEqual({ name: 'Гравиране', value: 'За Мария' });
  });

  it('given the same choice again, written in another order, then the one line grows, still priced with its options', () => {
    const first = given().when(addItem(WATCH.sku, 1, { 'custom:2': '21', 'custom:1': '12' }), shop).cart;
    given(first)
      .when(addItem(WATCH.sku, 2, APPLECARE_M), shop)
      .then({
        type: 'cart.lineQtyChanged',
        lineId: lineIdOf(WATCH.sku, APPLECARE_M),
        qty: 3,
        unitPriceInclTax: 179_700,
      });
  });

  it('given a line with options, when its quantity is changed, then it keeps its options’ price', () => {
    const cart = given().when(addItem(WATCH.sku, 1, APPLECARE_M), shop).cart;
    const lineId = lineIdOf(WATCH.sku, APPLECARE_M);
    given(cart)
      .when(updateQty(lineId, 2), shop)
      .then({ type: 'cart.lineQtyChanged', lineId, qty: 2, unitPriceInclTax: 179_700 });
  });

  it('given the required option left out, then the spec’s custom-options error, naming payload.options', () => {
    given()
      .when(addItem(WATCH.sku, 1, { 'custom:2': '21' }), shop)
      .thenRefused('custom_options_invalid', 'payload.options');
  });

  it.each([
    ['an option id it does not have', { 'custom:1': '12', 'custom:9': '1' }],
    ['a value id its option does not have', { 'custom:1': '99' }],
    ['option titles instead of ids', { 'Размер на каишката': 'M', 'AppleCare+ за 2 години': 'AppleCare+' }],
    ['bundle items', { 'custom:1': '12', 'bundle:1': '1x1' }],
  ])('given %s, then the options are refused, naming payload.options', (_, options) => {
    given()
      .when(addItem(WATCH.sku, 1, options), shop)
      .thenRefused('options_invalid', 'payload.options');
  });

  it('given a product without options, then custom option ids are refused', () => {
    const plain = product({ sku: 'PLAIN' });
    given()
      .when(addItem(plain.sku, 1, { 'custom:1': '12' }), catalogue(plain))
      .thenRefused('options_invalid', 'payload.options');
  });
});

describe('a bundle line', () => {
  it('given items chosen, then the line costs their bundle prices times quantities with VAT, and lists them', () => {
    const options = { 'bundle:1': '1x2', 'bundle:2': '2x3' };
    const { cart } = given().when(addItem(BUNDLE.sku, 1, options), shop);
    expect(cart.items[0]).toMatchObject({
      unitPriceInclTax: 426_000 + 2 * 45_000,
      options,
      labels: [
        { name: 'Компютър', value: 'MBP × 1' },
        { name: 'Слушалки', value: 'APP3 × 2' },
      ],
    });
  });

  it('given the bundle added by its sku alone (a tile), then it is its default selection at the price its tile shows', () => {
    const { cart } = given().when(addItem(BUNDLE.sku, 1), shop);
    expect(cart.items[0]).toMatchObject({
      unitPriceInclTax: 237_000,
      options: { 'bundle:1': '1x1', 'bundle:2': '1x3' },
      lineId: lineIdOf(BUNDLE.sku, { 'bundle:1': '1x1', 'bundle:2': '1x3' }),
    });
  });

  it('given the required option left out, then the spec’s bundle-options error, naming payload.options', () => {
    given()
      .when(addItem(BUNDLE.sku, 1, { 'bundle:2': '1x3' }), shop)
      .thenRefused('bundle_options_invalid', 'payload.options');
  });

  it('given two items in an option that takes one, then the options are refused', () => {
    given()
      .when(addItem(BUNDLE.sku, 1, { 'bundle:1': '1x1,2' }), shop)
      .thenRefused('options_invalid', 'payload.options');
  });

  it('given a chosen item out of stock, then the bundle is out of stock, naming payload.options', () => {
    given()
      .when(
        addItem(BUNDLE.sku, 1, { 'bundle:1': '1x1' }),
        catalogue(bundleOf({ air: { isInStock: false, stockQty: 0 } })),
      )
      .thenRefused('out_of_stock', 'payload.options');
  });

  it('given fewer units of an item than the bundles need, then not enough stock', () => {
    given()
      .when(
        addItem(BUNDLE.sku, 2, { 'bundle:1': '1x1', 'bundle:2': '2x3' }),
        catalogue(bundleOf({ pods: { stockQty: 3 } })),
      )
      .thenRefused('insufficient_stock', 'payload.qty');
  });

  it('given an item the shop keeps no stock figure for, then only the bundle’s own stock limits it', () => {
    given()
      .when(addItem(BUNDLE.sku, 5, { 'bundle:1': '1x1' }), catalogue(bundleOf({ air: { stockQty: null } })))
      .then(expect.objectContaining({ type: 'cart.lineAdded' }));
  });
});

describe('the optimistic view prices an option line as the server will', () => {
  it('given a pending add with options, when folded over the server cart, then its line has the server’s price', () => {
    const pending = commandDoc('cart.addItem', { sku: WATCH.sku, qty: 1, options: APPLECARE_M });
    const server = given().when(addItem(WATCH.sku, 1, APPLECARE_M), shop).cart;
    const optimistic = foldPendingIntoCart(emptyCart(OWNER), [pending], shop);
    expect(optimistic.items).toEqual(server.items);
  });
});
