import { describe, expect, it } from 'vitest';
import { optimisticCart } from '../../../client/cart/feature.ts';
import { bgnToEurCents } from '../../../schema/money/currency.ts';
import { IPHONE, CASE, product } from '../support/catalogue.ts';
import { cartFrom, lineAdded } from '../support/cart-spec.ts';

/** Spec Cart step 7 on the device: a line whose product ran out is kept, flagged and not counted. */
describe('the cart a device shows, with the stock it holds', () => {
  const cart = cartFrom(lineAdded(IPHONE, 1), lineAdded(CASE, 2));

  it('given every product in stock, every line counts, in euro per unit times quantity', () => {
    const shown = optimisticCart(cart, new Map([IPHONE, CASE].map((p) => [p.sku, p])));
    expect(shown.outOfStock).toEqual([]);
    expect(shown.totals.itemCount).toBe(3);
    expect(shown.checkout.grandTotalEur).toBe(
      bgnToEurCents(IPHONE.priceInclTax) + 2 * bgnToEurCents(CASE.priceInclTax),
    );
  });

  it('given a product whose stock fell to 0, its line is flagged, kept and not counted', () => {
    const soldOut = product({ ...CASE, isInStock: false, stockQty: 0 });
    const shown = optimisticCart(cart, new Map([IPHONE, soldOut].map((p) => [p.sku, p])));
    expect(shown.outOfStock).toEqual([CASE.sku]);
    expect(shown.items.map((l) => l.sku)).toEqual([IPHONE.sku, CASE.sku]);
    expect(shown.totals.itemCount).toBe(1);
    expect(shown.checkout.grandTotalEur).toBe(bgnToEurCents(IPHONE.priceInclTax));
  });

  it('given a product the device does not hold, its line is not judged', () => {
    expect(optimisticCart(cart, new Map([[IPHONE.sku, IPHONE]])).outOfStock).toEqual([]);
  });
});
