import { z } from 'zod';
import { cartShippingSchema, lineOptionsSchema, qtySchema, skuSchema } from '../cart/cart.ts';
import { appliedCouponSchema, couponCodeSchema } from '../coupons/coupon.ts';

/** Payloads and results of the cart's commands. Quantities are integers of at least 1. */
export const cartCommands = {
  'cart.addItem': {
    payload: z.object({ sku: skuSchema, qty: qtySchema, options: lineOptionsSchema.default({}) }).strict(),
    result: z.object({ lineId: z.string(), qty: qtySchema }),
  },
  'cart.updateQty': {
    payload: z.object({ lineId: z.string().min(1).max(400), qty: qtySchema }).strict(),
    result: z.object({ lineId: z.string(), qty: qtySchema }),
  },
  'cart.removeItem': {
    /** Removes `qty` units (all of the line when absent); removing the last unit removes the line. */
    payload: z.object({ lineId: z.string().min(1).max(400), qty: qtySchema.optional() }).strict(),
    result: z.object({ lineId: z.string(), qty: z.number().int().min(0) }),
  },
  'cart.clear': {
    payload: z.object({}).strict(),
    result: z.object({ removedLines: z.number().int().min(0) }),
  },
  /** Applies a coupon by its code (checked against the server's coupons); replaces one applied before. */
  'cart.applyCoupon': {
    payload: z.object({ code: couponCodeSchema }).strict(),
    result: z.object({ coupon: appliedCouponSchema, discountEur: z.number().int().min(0) }),
  },
  'cart.removeCoupon': {
    payload: z.object({}).strict(),
    result: z.object({ removed: z.boolean() }),
  },
  /**
   * Another variant of a line's product (another colour, another storage): `options` are the attributes to change,
   * by value id or label. When that variant is already in the cart the two lines merge, quantities summed.
   */
  'cart.configureLine': {
    payload: z
      .object({
        lineId: z.string().min(1).max(400),
        options: z.record(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/), z.string().min(1).max(100)),
      })
      .strict(),
    result: z.object({ lineId: z.string(), qty: qtySchema }),
  },
  /** The chosen shipping method and where to (spec: shipping-information), saved to the cart. */
  'cart.setShippingInformation': {
    payload: cartShippingSchema,
    result: z.object({ method: z.string() }),
  },
} as const;
