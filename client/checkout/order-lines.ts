import { checkoutTotals, unitPriceEurOf, type CheckoutTotals } from '../../schema/checkout/totals.ts';
import type { CartLine } from '../../schema/cart/cart.ts';
import type { AppliedCoupon } from '../../schema/coupons/coupon.ts';
import { couponDiscountEur } from '../../schema/coupons/coupon.ts';
import type { ReviewedLine } from '../../schema/orders/order-commands.ts';

/**
 * What the shopper reviews and the order carries: the cart's lines in euro (the lev unit price converted per unit,
 * half-up, by the one rule), and the totals of the one totals function, so the figure shown is the figure charged.
 */
export const reviewedLinesOf = (items: readonly CartLine[]): ReviewedLine[] =>
  items.map((line) => ({
    lineId: line.lineId,
    sku: line.sku,
    name: line.name,
    qty: line.qty,
    unitPriceInclTaxEur: unitPriceEurOf(line.unitPriceInclTax),
    options: line.options,
  }));

export const reviewedTotalsOf = (
  lines: readonly ReviewedLine[],
  shipping: string | undefined,
  payment: string | undefined,
  coupon: Pick<AppliedCoupon, 'kind' | 'value' | 'minSubtotalEur'> | undefined,
): CheckoutTotals => {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceInclTaxEur * line.qty, 0);
  const discountEur = coupon && subtotal >= (coupon.minSubtotalEur ?? 0) ? couponDiscountEur(coupon, subtotal) : 0;
  return checkoutTotals({ lines, shipping, payment, discountEur });
};
