import { describe, expect, it } from 'vitest';
import { lineIdOf } from '../../../schema/cart/cart.ts';
import { CASE, IPHONE, WAREHOUSE, product, catalogue } from '../support/catalogue.ts';
import { addItem } from '../support/commands.ts';
import { given, lineAdded, lineOf } from '../support/cart-spec.ts';

const BLACK = { cvyat: 'черен' };
const WHITE = { cvyat: 'бял' };

describe('adding to the cart', () => {
  it('puts a new line in an empty cart, priced as the product is now', () => {
    given()
      .when(addItem(IPHONE.sku, 2))
      .then({ type: 'cart.lineAdded', line: lineOf(IPHONE, 2) });
  });

  it('adding the same product again raises the quantity of its one line', () => {
    const cart = given(lineAdded(IPHONE, 1))
      .when(addItem(IPHONE.sku, 2))
      .then({ type: 'cart.lineQtyChanged', lineId: IPHONE.sku, qty: 3, unitPriceInclTax: IPHONE.priceInclTax });
    expect(cart.items).toEqual([lineOf(IPHONE, 3)]);
  });

  it('the same product with the same options raises the quantity of that line', () => {
    const cart = given(lineAdded(CASE, 1, BLACK)).when(addItem(CASE.sku, 1, { cvyat: 'черен' })).cart;
    expect(cart.items).toEqual([lineOf(CASE, 2, BLACK)]);
  });

  it('the same product in another colour is a line of its own', () => {
    const cart = given(lineAdded(CASE, 1, BLACK))
      .when(addItem(CASE.sku, 1, WHITE))
      .then(lineAdded(CASE, 1, WHITE));
    expect(cart.items.map((l) => [l.options, l.qty])).toEqual([
      [BLACK, 1],
      [WHITE, 1],
    ]);
  });

  it('the order the options were chosen in does not make a second line', () => {
    expect(lineIdOf(CASE.sku, { cvyat: 'черен', razmer: 'M' })).toBe(
      lineIdOf(CASE.sku, { razmer: 'M', cvyat: 'черен' }),
    );
    const cart = given(lineAdded(CASE, 1, { cvyat: 'черен', razmer: 'M' })).when(
      addItem(CASE.sku, 1, { razmer: 'M', cvyat: 'черен' }),
    ).cart;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.qty).toBe(2);
  });

  it('a product without options and the same product with options are different lines', () => {
    expect(lineIdOf(CASE.sku)).not.toBe(lineIdOf(CASE.sku, BLACK));
  });

  it('adding again re-prices the line at the current price', () => {
    const cheaper = product({ ...IPHONE, priceInclTax: 179_900 });
    const cart = given(lineAdded(IPHONE, 1)).when(addItem(IPHONE.sku, 1), catalogue(cheaper)).cart;
    expect(cart.items).toEqual([{ ...lineOf(IPHONE, 2), unitPriceInclTax: 179_900 }]);
  });

  it('accepts exactly the units in stock', () => {
    given(lineAdded(CASE, CASE.stockQty - 1))
      .when(addItem(CASE.sku, 1))
      .then({ type: 'cart.lineQtyChanged', lineId: CASE.sku, qty: CASE.stockQty, unitPriceInclTax: CASE.priceInclTax });
  });

  it('never lets a line grow past the largest quantity a line can hold (999), however much is in stock', () => {
    given(lineAdded(WAREHOUSE, 999)).when(addItem(WAREHOUSE.sku, 1)).thenRefused('insufficient_stock', 'payload.qty');
  });

  it('tells the shopper which line the product went to', () => {
    const { decision } = given().when(addItem(CASE.sku, 1, BLACK));
    expect(decision).toMatchObject({ kind: 'accepted', result: { lineId: lineIdOf(CASE.sku, BLACK), qty: 1 } });
  });
});
