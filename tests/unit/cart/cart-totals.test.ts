import { describe, expect, it } from 'vitest';
import { cartTotals } from '../../../schema/cart/cart.ts';
import { CASE, IPHONE } from '../support/catalogue.ts';
import { cartFrom, lineAdded } from '../support/cart-spec.ts';

describe('cart totals', () => {
  it('the minicart counts the sum of quantities, not the lines', () => {
    const cart = cartFrom(
      lineAdded(IPHONE, 2),
      lineAdded(CASE, 3, { cvyat: 'черен' }),
      lineAdded(CASE, 1, { cvyat: 'бял' }),
    );
    expect(cartTotals(cart)).toMatchObject({ itemCount: 6, lineCount: 3 });
  });

  it('sums the total in stotinki: quantity times unit price, with no float drift', () => {
    const cart = cartFrom(lineAdded(IPHONE, 2), lineAdded(CASE, 3));
    expect(cartTotals(cart).totalInclTax).toBe(2 * 189_900 + 3 * 4_990);
  });

  it('an empty cart counts nothing and costs nothing', () => {
    expect(cartTotals(cartFrom())).toEqual({ itemCount: 0, lineCount: 0, totalInclTax: 0 });
  });
});
