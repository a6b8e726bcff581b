import { describe, expect, it } from 'vitest';
import { lineIdOf } from '../../../schema/cart/cart.ts';
import { catalogue, product } from '../support/catalogue.ts';
import { addItem } from '../support/commands.ts';
import { given, lineAdded, lineOf } from '../support/cart-spec.ts';
import { configureLine, setShipping } from './commands.ts';

/** An iPhone in two colours and two storage sizes: four variants of one product. */
const labels = { cvyat: { '1': 'Черен', '2': 'Сребрист' }, disk: { '256': '256 GB', '512': '512 GB' } };
const siblings = [
  { sku: 'IP17P-256-BLK', attributes: { cvyat: '1', disk: '256' } },
  { sku: 'IP17P-256-SLV', attributes: { cvyat: '2', disk: '256' } },
  { sku: 'IP17P-512-BLK', attributes: { cvyat: '1', disk: '512' } },
];
const variant = (sku: string, priceInclTax: number, stockQty = 10) =>
  product({
    sku,
    name: `iPhone 17 Pro ${sku}`,
    priceInclTax,
    stockQty,
    variant: { attributes: siblings.find((s) => s.sku === sku)!.attributes, labels, siblings },
  });
const BLK_256 = variant('IP17P-256-BLK', 239_900);
const SLV_256 = variant('IP17P-256-SLV', 239_900, 1);
const BLK_512 = variant('IP17P-512-BLK', 269_900);
const iphones = catalogue(BLK_256, SLV_256, BLK_512);

describe('changing a line’s configuration from the cart', () => {
  it('another storage: the line becomes that variant, in its place, priced as it is now', () => {
    const cart = given(lineAdded(BLK_256, 2))
      .when(configureLine(BLK_256.sku, { disk: '512' }), iphones)
      .then({ type: 'cart.lineReplaced', lineId: BLK_256.sku, line: lineOf(BLK_512, 2) });
    expect(cart.items).toEqual([lineOf(BLK_512, 2)]);
  });

  it('a colour named by its label works like its value id', () => {
    const cart = given(lineAdded(BLK_256, 1)).when(configureLine(BLK_256.sku, { cvyat: 'сребрист' }), iphones).cart;
    expect(cart.items.map((l) => l.sku)).toEqual([SLV_256.sku]);
  });

  it('when the new variant is already in the cart, the two lines merge, quantities summed: never a duplicate', () => {
    const cart = given(lineAdded(BLK_256, 2), lineAdded(BLK_512, 1))
      .when(configureLine(BLK_256.sku, { disk: '512' }), iphones)
      .then(
        { type: 'cart.lineRemoved', lineId: BLK_256.sku },
        { type: 'cart.lineQtyChanged', lineId: BLK_512.sku, qty: 3, unitPriceInclTax: BLK_512.priceInclTax },
      );
    expect(cart.items).toEqual([lineOf(BLK_512, 3)]);
    expect(new Set(cart.items.map((l) => l.lineId)).size).toBe(cart.items.length);
  });

  it('a combination no variant has is refused, naming the attribute; nothing changes', () => {
    given(lineAdded(BLK_256, 1))
      .when(configureLine(BLK_256.sku, { cvyat: '2', disk: '512' }), iphones)
      .thenRefused('options_invalid', 'payload.options.cvyat');
    given(lineAdded(BLK_256, 1))
      .when(configureLine(BLK_256.sku, { disk: '2048' }), iphones)
      .thenRefused('options_invalid', 'payload.options.disk');
  });

  it('more units than the new variant has in stock are refused', () => {
    given(lineAdded(BLK_256, 2))
      .when(configureLine(BLK_256.sku, { cvyat: '2' }), iphones)
      .thenRefused('insufficient_stock', 'payload.options');
  });

  it('an unknown line is refused naming payload.lineId', () => {
    given()
      .when(configureLine('NOPE', { disk: '512' }), iphones)
      .thenRefused('line_not_found', 'payload.lineId');
  });
});

describe('the options bug: a line’s attributes are checked against its variant', () => {
  it('a variant with an attribute its sku contradicts is refused, naming payload.options.<attribute>', () => {
    given()
      .when(addItem(BLK_256.sku, 1, { disk: '1024' }), iphones)
      .thenRefused('options_invalid', 'payload.options.disk');
  });

  it('a variant with and without its own attributes is one line, keyed by its sku alone', () => {
    const cart = given().when(addItem(BLK_256.sku, 1, {}), iphones).cart;
    const again = given(cart).when(addItem(BLK_256.sku, 1, { cvyat: 'черен', disk: '256' }), iphones).cart;
    expect(again.items).toEqual([lineOf(BLK_256, 2)]);
    expect(again.items[0]!.lineId).toBe(lineIdOf(BLK_256.sku));
  });
});

describe('shipping information saved to the cart', () => {
  it('a method the store offers is kept with the city', () => {
    const cart = given().when(setShipping({ method: 'courier', city: 'Пловдив', postcode: '4000' }), iphones).cart;
    expect(cart.shipping).toEqual({ method: 'courier', city: 'Пловдив', postcode: '4000' });
  });

  it('an unknown method or payment is refused naming the field', () => {
    given()
      .when(setShipping({ method: 'teleport' }), iphones)
      .thenRefused('shipping_method_invalid', 'payload.method');
    given()
      .when(setShipping({ method: 'courier', payment: 'barter' }), iphones)
      .thenRefused('payment_method_invalid', 'payload.payment');
  });
});
