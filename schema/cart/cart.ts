import { z } from 'zod';
import { ownerIdSchema, serverSeqSchema, epochMsSchema } from '../commands/envelope.ts';
import { appliedSeqSchema } from '../commands/applied-seqs.ts';
import { appliedCouponSchema } from '../coupons/coupon.ts';

export { appliedSeqSchema, appliedSeqOf, APPLIED_CLIENTS_KEPT, withAppliedSeq } from '../commands/applied-seqs.ts';

/**
 * Chosen product options by stable ids: custom options, bundle selections and configurable attributes, encoded as
 * schema/cart/line-options.ts describes ("custom:2" -> "21", "bundle:1" -> "1x1", "cvyat" -> "черен").
 */
export const lineOptionsSchema = z.record(z.string().max(64), z.string().max(200));
export type LineOptions = z.infer<typeof lineOptionsSchema>;

export const skuSchema = z.string().min(1).max(64);
/** The most units one cart line holds. */
export const MAX_LINE_QTY = 999;
/** Quantity: an integer of at least 1 (the spec parses quantity as an integer). */
export const qtySchema = z.number().int().min(1).max(MAX_LINE_QTY);
/** Money in minor units (stotinki or euro cents), so sums never drift. */
export const minorUnitsSchema = z.number().int().min(0).max(1e12);

/** One chosen option as the cart shows it, written by the cart rules from the product's titles. */
export const lineOptionLabelSchema = z.object({ name: z.string().max(200), value: z.string().max(400) });
export type LineOptionLabel = z.infer<typeof lineOptionLabelSchema>;

export const cartLineSchema = z.object({
  lineId: z.string().max(400),
  sku: skuSchema,
  name: z.string().max(300),
  qty: qtySchema,
  /** Unit price including VAT, in stotinki, as the server priced it when the line was added or changed. */
  unitPriceInclTax: minorUnitsSchema,
  options: lineOptionsSchema,
  /** The custom options and bundle items of `options` in words, when there are any (the ids alone say nothing). */
  labels: z.array(lineOptionLabelSchema).max(100).optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Shipping information saved to the cart (spec: /api/cart/shipping-information): the method and where to. */
export const cartShippingSchema = z
  .object({
    /** A shipping method's code (schema/checkout/methods.ts). */
    method: z.string().min(1).max(40),
    city: z.string().max(100).optional(),
    postcode: z.string().max(10).optional(),
    /** The courier's office, for a method delivering to one. */
    officeName: z.string().max(200).optional(),
    /** The payment method chosen with it, when one was. */
    payment: z.string().min(1).max(40).optional(),
  })
  .strict();
export type CartShipping = z.infer<typeof cartShippingSchema>;

/** The cart read model: one per owner, written only by the server. */
export const cartSchema = z
  .object({
    owner: ownerIdSchema,
    items: z.array(cartLineSchema),
    /** The coupon applied (checked against the server's coupons when applied, and again when the order is placed). */
    coupon: appliedCouponSchema.optional(),
    shipping: cartShippingSchema.optional(),
    applied: z.array(appliedSeqSchema),
    updatedAt: epochMsSchema,
    serverSeq: serverSeqSchema,
  })
  .strict();
export type Cart = z.infer<typeof cartSchema>;

export const emptyCart = (owner: string): Cart => ({ owner, items: [], applied: [], updatedAt: 0, serverSeq: 0 });

/** A line is one sku with one set of options; the options are keyed in a stable order. */
export const lineIdOf = (sku: string, options: LineOptions = {}): string => {
  const keys = Object.keys(options).sort();
  if (keys.length === 0) return sku;
  return `${sku}|${keys.map((k) => `${k}=${options[k]}`).join(';')}`;
};

export interface CartTotals {
  /** Sum of quantities: the minicart counts quantities (spec, commerce section 4). */
  itemCount: number;
  lineCount: number;
  totalInclTax: number;
}

export const cartTotals = (cart: Pick<Cart, 'items'>): CartTotals => ({
  itemCount: cart.items.reduce((sum, line) => sum + line.qty, 0),
  lineCount: cart.items.length,
  totalInclTax: cart.items.reduce((sum, line) => sum + line.qty * line.unitPriceInclTax, 0),
});
