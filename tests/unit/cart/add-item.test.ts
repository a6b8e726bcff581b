import { describe, expect, it } from 'vitest';
import { lineIdOf } from '../../../schema/cart/cart.ts';
import { CASE, IPHONE, WAREHOUSE, product, catalogue } from '../support/catalogue.ts';
import { addItem } from '../support/commands.ts';
import { given, lineAdded, lineOf } from '../support/cart-spec.ts';

const BLACK = { cvyat: 'черен' };
const WHITE = { cvyat: 'бял' };
/** A black case: its colour is value '1', labelled 'Черен'. */
const BLACK_CASE = product({
  ...CASE,
  variant: { attributes: { cvyat: '1' }, labels: { cvyat: { '1': 'Черен', '5': 'Бял' } }, siblings: [] },
});
const blackCase = catalogue(BLACK_CASE);

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

  // A colour names the variant the sku already is (issue 16's bug): checked against it, never a line of its own.
  it('the same product with its colour named or not is one line, keyed by its sku alone', () => {
    const cart = given(lineAdded(BLACK_CASE, 1))
      .when(addItem(BLACK_CASE.sku, 1, BLACK), blackCase)
      .then({ type: 'cart.lineQtyChanged', lineId: BLACK_CASE.sku, qty: 2, unitPriceInclTax: BLACK_CASE.priceInclTax });
    expect(cart.items).toEqual([lineOf(BLACK_CASE, 2)]);
  });

  it('a colour the sku does not have is refused, naming the attribute', () => {
    given(lineAdded(BLACK_CASE, 1))
      .when(addItem(BLACK_CASE.sku, 1, WHITE), blackCase)
      .thenRefused('options_invalid', 'payload.options.cvyat');
  });

  it('the value id and its label name the same colour', () => {
    const cart = given().when(addItem(BLACK_CASE.sku, 1, { cvyat: '1' }), blackCase).cart;
    const again = given(cart).when(addItem(BLACK_CASE.sku, 1, { cvyat: 'Черен' }), blackCase).cart;
    expect(again.items).toEqual([lineOf(BLACK_CASE, 2)]);
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
    const { decision } = given().when(addItem(BLACK_CASE.sku, 1, BLACK), blackCase);
    expect(decision).toMatchObject({ kind: 'accepted', result: { lineId: BLACK_CASE.sku, qty: 1 } });
  });
});
