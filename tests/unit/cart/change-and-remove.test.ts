import { describe, expect, it } from 'vitest';
import { CASE, IPHONE } from '../support/catalogue.ts';
import { clear, removeItem, updateQty } from '../support/commands.ts';
import { given, lineAdded, lineOf } from '../support/cart-spec.ts';

describe('changing the quantity', () => {
  it('sets the line to the new quantity (it does not add to it)', () => {
    const cart = given(lineAdded(IPHONE, 3))
      .when(updateQty(IPHONE.sku, 1))
      .then({ type: 'cart.lineQtyChanged', lineId: IPHONE.sku, qty: 1, unitPriceInclTax: IPHONE.priceInclTax });
    expect(cart.items).toEqual([lineOf(IPHONE, 1)]);
  });

  it('refuses a line that is no longer in the cart', () => {
    given(lineAdded(IPHONE)).when(updateQty(CASE.sku, 2)).thenRefused('line_not_found', 'payload.lineId');
  });

  it('refuses more units than are in stock', () => {
    given(lineAdded(CASE))
      .when(updateQty(CASE.sku, CASE.stockQty + 1))
      .thenRefused('insufficient_stock', 'payload.qty');
  });
});

describe('removing from the cart', () => {
  it('removing some units lowers the quantity', () => {
    const cart = given(lineAdded(IPHONE, 3))
      .when(removeItem(IPHONE.sku, 2))
      .then({ type: 'cart.lineQtyChanged', lineId: IPHONE.sku, qty: 1, unitPriceInclTax: IPHONE.priceInclTax });
    expect(cart.items).toEqual([lineOf(IPHONE, 1)]);
  });

  it('removing the last unit removes the line', () => {
    const cart = given(lineAdded(IPHONE, 1), lineAdded(CASE, 1))
      .when(removeItem(IPHONE.sku, 1))
      .then({ type: 'cart.lineRemoved', lineId: IPHONE.sku });
    expect(cart.items).toEqual([lineOf(CASE, 1)]);
  });

  it('removing more units than the line has removes the line', () => {
    const cart = given(lineAdded(IPHONE, 2)).when(removeItem(IPHONE.sku, 5)).cart;
    expect(cart.items).toEqual([]);
  });

  it('removing without a quantity removes the whole line', () => {
    const cart = given(lineAdded(IPHONE, 4))
      .when(removeItem(IPHONE.sku))
      .then({ type: 'cart.lineRemoved', lineId: IPHONE.sku });
    expect(cart.items).toEqual([]);
  });

  it('refuses to remove a line that is not in the cart', () => {
    given(lineAdded(IPHONE)).when(removeItem(CASE.sku)).thenRefused('line_not_found', 'payload.lineId');
  });
});

describe('clearing the cart', () => {
  it('empties it and says how many lines went', () => {
    const { decision, cart } = given(lineAdded(IPHONE, 2), lineAdded(CASE, 1)).when(clear());
    expect(decision).toEqual({ kind: 'accepted', events: [{ type: 'cart.cleared' }], result: { removedLines: 2 } });
    expect(cart.items).toEqual([]);
  });
});
