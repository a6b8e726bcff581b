import { describe, expect, it } from 'vitest';
import { CART_REFUSALS } from '../../../schema/cart/cart-rules.ts';
import { IPHONE, LAST_TWO, NO_PRICE, SOLD_OUT, ZERO_STOCK } from '../support/catalogue.ts';
import { addItem } from '../support/commands.ts';
import { given, lineAdded, lineOf } from '../support/cart-spec.ts';

describe('what the cart refuses, in the words the shopper reads', () => {
  it('an out-of-stock product', () => {
    const { decision } = given().when(addItem(SOLD_OUT.sku));
    expect(decision).toMatchObject({
      kind: 'rejected',
      code: 'out_of_stock',
      message: 'The product is out of stock and cannot be added to the cart!',
    });
  });

  it('a product marked in stock with no units left is out of stock too', () => {
    given().when(addItem(ZERO_STOCK.sku)).thenRefused('out_of_stock', 'payload.sku');
  });

  it('a product whose price is not known yet', () => {
    const { decision } = given().when(addItem(NO_PRICE.sku));
    expect(decision).toMatchObject({
      kind: 'rejected',
      code: 'price_unknown',
      message: 'Product price is unknown, product cannot be added to the cart!',
      field: 'payload.sku',
    });
  });

  it('a product the shop does not know', () => {
    given().when(addItem('NO-SUCH-SKU')).thenRefused('product_not_found', 'payload.sku');
    expect(CART_REFUSALS.product_not_found).toBe('The product is not available.');
  });

  it('more units than are in stock, counting those already in the cart', () => {
    given(lineAdded(LAST_TWO, 1)).when(addItem(LAST_TWO.sku, 2)).thenRefused('insufficient_stock', 'payload.qty');
  });

  it('more units than are in stock in a single add', () => {
    given().when(addItem(LAST_TWO.sku, 3)).thenRefused('insufficient_stock', 'payload.qty');
  });

  it('a refusal leaves the cart as it was', () => {
    const { cart } = given(lineAdded(IPHONE, 2)).when(addItem(SOLD_OUT.sku));
    expect(cart.items).toEqual([lineOf(IPHONE, 2)]);
  });
});
