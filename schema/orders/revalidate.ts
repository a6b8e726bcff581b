import type { ProductLookup } from '../catalog/product.ts';
import { priceLine, partsShortage } from '../cart/line-pricing.ts';
import { tieredUnitPrice, type CartPricing } from '../cart/tier-pricing.ts';
import { paymentMethodsFor } from '../checkout/methods.ts';
import { COUPON_MESSAGES } from '../coupons/coupon.ts';
import { checkoutTotals, unitPriceEurOf, type CheckoutTotals } from '../checkout/totals.ts';
import type { OrderDifference, OrderLine } from './order.ts';

/**
 * Re-validation of an order at execution (pure): the lines the shopper reviewed priced against the catalogue as of
 * now (the special-price window, the owner's customer group as the cart prices it), their stock, the coupon. The
 * answer is either a refusal naming the field, or the order's lines and totals as the store would charge them now,
 * with what differs from what the shopper reviewed.
 */

/** Live stock of one sku as locked for the order (null qty: the shop keeps no figure, so it is not checked). */
export interface StockLevel {
  isInStock: boolean;
  qty: number | null;
}

/** What a coupon takes off now, or why it does not (schema/coupons checkCoupon's verdict); undefined: unknown. */
export type CouponVerdict =
  { ok: true; discountEur: number } | { ok: false; code: string; message: string; problem?: string };

export interface RevalidationContext {
  products: ProductLookup;
  pricing: CartPricing;
  stock: (sku: string) => StockLevel | undefined;
  /**
   * The coupon's verdict for a subtotal (euro cents) on an order under `checkoutEmail` (the server takes a logged-in
   * owner's account address instead: the order's e-mail); undefined when the code is unknown.
   */
  coupon?: (code: string, subtotalInclTaxEur: number, checkoutEmail?: string) => CouponVerdict | undefined;
}

export interface RevalidationInput {
  lines: readonly {
    lineId: string;
    sku: string;
    name: string;
    qty: number;
    unitPriceInclTaxEur: number;
    options: Record<string, string>;
  }[];
  shippingMethod: string;
  paymentMethod: string;
  couponCode?: string | undefined;
  /** The checkout's e-mail address (a personal coupon is for one address). */
  checkoutEmail?: string | undefined;
  /** The grand total the shopper saw (or accepted), euro cents. */
  reviewedTotalEur: number;
}

export const ORDER_REFUSALS = {
  product_unavailable: 'This product is no longer available.',
  options_invalid: 'The chosen options of this product are not available.',
  out_of_stock: 'The product is out of stock and cannot be ordered.',
  insufficient_stock: 'The requested quantity is not available.',
  coupon_invalid: "You've entered an incorrect coupon code. Please try again.",
  coupon_not_yours: COUPON_MESSAGES.not_yours,
  total_mismatch: 'The reviewed total does not match the reviewed lines.',
  payment_unavailable: 'This payment method is not available for this order.',
  credit_figures_invalid: "The credit's down payment and amount do not make the order's total.",
  order_exists: 'An order with this id exists already.',
  order_not_found: 'Order not found.',
  order_not_confirmable: 'This order is not waiting for confirmation.',
  order_not_cancellable: 'This order can no longer be cancelled.',
} as const;
export type OrderRefusalCode = keyof typeof ORDER_REFUSALS;

export interface OrderRefusal {
  kind: 'refused';
  code: OrderRefusalCode;
  message: string;
  field: string;
}

export const orderRefusal = (
  code: OrderRefusalCode,
  field: string,
  message: string = ORDER_REFUSALS[code],
): OrderRefusal => ({
  kind: 'refused',
  code,
  message,
  field,
});

export interface Revalidated {
  kind: 'priced';
  lines: OrderLine[];
  totals: CheckoutTotals;
  /** Empty when the store would charge exactly what the shopper reviewed. */
  differences: OrderDifference[];
  /** The coupon's discount granted now (0 without a coupon or when it no longer applies). */
  couponGranted: boolean;
}

export const revalidateOrder = (input: RevalidationInput, ctx: RevalidationContext): OrderRefusal | Revalidated => {
  const lines: OrderLine[] = [];
  const differences: OrderDifference[] = [];
  // One sku in several lines (other options) draws on one stock.
  const wanted = new Map<string, number>();
  for (const [i, reviewed] of input.lines.entries()) {
    const product = ctx.products(reviewed.sku);
    if (!product)
      return orderRefusal(
        'product_unavailable',
        `lines.${i}.sku`,
        `${reviewed.sku}: ${ORDER_REFUSALS.product_unavailable}`,
      );
    const priced = priceLine(product, reviewed.options);
    if (priced.kind !== 'priced' || priced.line.unitPriceInclTax <= 0)
      return orderRefusal(
        'options_invalid',
        `lines.${i}.options`,
        `${reviewed.sku}: ${ORDER_REFUSALS.options_invalid}`,
      );
    const stotinki = priced.line.tierable
      ? tieredUnitPrice(product, priced.line.unitPriceInclTax, reviewed.qty, ctx.pricing)
      : priced.line.unitPriceInclTax;
    const shortage = partsShortage(priced.line.parts, reviewed.qty);
    if (shortage) return orderRefusal(shortage, `lines.${i}.sku`, `${reviewed.sku}: ${ORDER_REFUSALS[shortage]}`);
    wanted.set(reviewed.sku, (wanted.get(reviewed.sku) ?? 0) + reviewed.qty);
    const unit = unitPriceEurOf(stotinki);
    if (unit !== reviewed.unitPriceInclTaxEur)
      differences.push({
        field: `lines.${reviewed.sku}.unitPriceInclTaxEur`,
        before: reviewed.unitPriceInclTaxEur,
        after: unit,
      });
    lines.push({
      lineId: reviewed.lineId,
      sku: reviewed.sku,
      name: product.name,
      qty: reviewed.qty,
      unitPriceInclTaxEur: unit,
      lineTotalEur: unit * reviewed.qty,
      options: priced.line.options,
    });
  }
  for (const [sku, qty] of wanted) {
    const i = input.lines.findIndex((line) => line.sku === sku);
    const level = ctx.stock(sku) ?? stockOfProduct(ctx.products(sku)!);
    if (!level.isInStock || level.qty === 0)
      return orderRefusal('out_of_stock', `lines.${i}.sku`, `${sku}: ${ORDER_REFUSALS.out_of_stock}`);
    if (level.qty !== null && level.qty < qty)
      return orderRefusal('insufficient_stock', `lines.${i}.qty`, `${sku}: ${ORDER_REFUSALS.insufficient_stock}`);
  }

  // Cash on delivery is not offered for an order that never ships (spec section 5): the checkout hides it, and an
  // order that names it anyway (another client, a forged push) is refused here.
  const offered = paymentMethodsFor(input.lines.map((line) => ({ typeId: ctx.products(line.sku)?.typeId })));
  if (!offered.some((method) => method.code === input.paymentMethod))
    return orderRefusal('payment_unavailable', 'details.payment.paymentMethod');

  const base = { lines, shipping: input.shippingMethod, payment: input.paymentMethod };
  let discountEur = 0;
  let couponGranted = false;
  if (input.couponCode) {
    const subtotal = checkoutTotals(base).subtotalInclTaxEur;
    const verdict = ctx.coupon?.(input.couponCode, subtotal, input.checkoutEmail);
    if (!verdict) return orderRefusal('coupon_invalid', 'couponCode');
    // Someone else's personal code is no change of price to accept: the order is refused, saying whose it is.
    if (!verdict.ok && verdict.problem === 'not_yours') return orderRefusal('coupon_not_yours', 'couponCode');
    if (verdict.ok) {
      discountEur = verdict.discountEur;
      couponGranted = true;
    } else {
      // Known but no longer usable (expired, used up meanwhile): the total changes, the shopper decides.
      differences.push({ field: 'couponCode', before: input.couponCode, after: null });
    }
  }
  const totals = checkoutTotals({ ...base, discountEur });
  if (totals.grandTotalEur !== input.reviewedTotalEur)
    differences.push({ field: 'grand_total', before: input.reviewedTotalEur, after: totals.grandTotalEur });
  return {
    kind: 'priced',
    lines,
    totals,
    differences: totals.grandTotalEur === input.reviewedTotalEur ? [] : differences,
    couponGranted,
  };
};

const stockOfProduct = (product: { isInStock: boolean; stockQty: number }): StockLevel => ({
  isInStock: product.isInStock,
  qty: product.stockQty,
});

/**
 * Whether the reviewed total is what the reviewed lines make (its own arithmetic, before any catalogue): a total
 * that is not is forged or corrupt, and refused. With a coupon the discount is unknown, so the total must lie
 * between the lines' total less their whole subtotal and the lines' total.
 */
export const reviewedTotalHolds = (input: RevalidationInput): boolean => {
  const full = checkoutTotals({ lines: input.lines, shipping: input.shippingMethod, payment: input.paymentMethod });
  if (!input.couponCode) return full.grandTotalEur === input.reviewedTotalEur;
  return (
    input.reviewedTotalEur <= full.grandTotalEur &&
    input.reviewedTotalEur >= full.grandTotalEur - full.subtotalInclTaxEur
  );
};
