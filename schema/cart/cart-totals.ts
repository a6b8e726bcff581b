import { checkoutTotals, unitPriceEurOf, type CheckoutTotals } from '../checkout/totals.ts';
import { couponDiscountEur } from '../coupons/coupon.ts';
import type { Cart, CartLine } from './cart.ts';

/**
 * The cart's totals in euro, by the one totals function (schema/checkout/totals.ts): the server's /api/cart/totals,
 * the cart page online and offline all call this, so they never disagree. A line's unit price is its lev price
 * converted per unit, half-up; the discount is the applied coupon's on the subtotal incl. tax.
 */

export interface CartTotalsOptions {
  /** Whether a line counts: a line flagged out of stock is kept in the cart but not counted (spec Cart step 7). */
  counts?: (line: CartLine) => boolean;
}

const countedLines = (cart: Pick<Cart, 'items'>, counts?: (line: CartLine) => boolean): CartLine[] =>
  counts ? cart.items.filter(counts) : cart.items;

/** The subtotal incl. tax in euro cents of the lines that count. */
export const cartSubtotalEur = (cart: Pick<Cart, 'items'>, options: CartTotalsOptions = {}): number =>
  countedLines(cart, options.counts).reduce((sum, line) => sum + unitPriceEurOf(line.unitPriceInclTax) * line.qty, 0);

/** What the applied coupon takes off now: nothing below its minimum subtotal (the order refuses it then). */
export const cartDiscountEur = (cart: Pick<Cart, 'items' | 'coupon'>, subtotalEur: number): number => {
  const coupon = cart.coupon;
  if (!coupon) return 0;
  if (coupon.minSubtotalEur !== undefined && subtotalEur < coupon.minSubtotalEur) return 0;
  return couponDiscountEur(coupon, subtotalEur);
};

export const cartCheckoutTotals = (
  cart: Pick<Cart, 'items' | 'coupon' | 'shipping'>,
  options: CartTotalsOptions = {},
): CheckoutTotals => {
  const lines = countedLines(cart, options.counts);
  const subtotal = cartSubtotalEur({ items: lines });
  return checkoutTotals({
    lines: lines.map((line) => ({ qty: line.qty, unitPriceInclTaxEur: unitPriceEurOf(line.unitPriceInclTax) })),
    ...(cart.shipping ? { shipping: cart.shipping.method } : {}),
    ...(cart.shipping?.payment ? { payment: cart.shipping.payment } : {}),
    discountEur: cartDiscountEur(cart, subtotal),
  });
};
