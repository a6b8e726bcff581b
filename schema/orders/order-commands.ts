import { z } from 'zod';
import { lineOptionsSchema, qtySchema, skuSchema } from '../cart/cart.ts';
import { checkoutDetailsSchema } from '../checkout/details.ts';
import { MAX_ORDER_LINES } from './order-limits.ts';
import { orderDifferenceSchema, orderIdSchema, orderNumberSchema, orderStatusSchema } from './order.ts';

/** Euro cents the shopper saw. */
const reviewedCentsSchema = z.number().int().min(0).max(1e12);

/** A line as the shopper reviewed it: what the order is made of (re-validated at execution). */
export const reviewedLineSchema = z
  .object({
    lineId: z.string().min(1).max(400),
    sku: skuSchema,
    name: z.string().max(300),
    qty: qtySchema,
    unitPriceInclTaxEur: reviewedCentsSchema,
    options: lineOptionsSchema.default({}),
  })
  .strict();
export type ReviewedLine = z.infer<typeof reviewedLineSchema>;

/** What placing, confirming or cancelling answers. */
export const orderResultSchema = z.object({
  orderId: orderIdSchema,
  orderNumber: orderNumberSchema,
  status: orderStatusSchema,
  /** Set when the order waits for the shopper's confirmation: what changed. */
  differences: z.array(orderDifferenceSchema).optional(),
});
export type OrderResult = z.infer<typeof orderResultSchema>;

export const orderPlacePayloadSchema = z
  .object({
    /** Made by the device; also the order's "hash": a repeated place of one orderId is one order. */
    orderId: orderIdSchema,
    details: checkoutDetailsSchema,
    lines: z.array(reviewedLineSchema).min(1).max(MAX_ORDER_LINES),
    couponCode: z.string().trim().min(1).max(64).optional(),
    /** The grand total the shopper reviewed, in euro cents. */
    reviewedTotalEur: reviewedCentsSchema,
  })
  .strict()
  .superRefine((payload, ctx) => {
    const seen = new Set<string>();
    for (const [i, line] of payload.lines.entries()) {
      if (seen.has(line.lineId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'lineId'], message: 'repeated line' });
      seen.add(line.lineId);
    }
  });
export type OrderPlacePayload = z.infer<typeof orderPlacePayloadSchema>;
export type OrderPlacePayloadInput = z.input<typeof orderPlacePayloadSchema>;

export const orderCommands = {
  'order.place': { payload: orderPlacePayloadSchema, result: orderResultSchema },
  /** Accepts the changed figures of an order waiting for confirmation (re-checked: they must still be these). */
  'order.confirm': {
    payload: z.object({ orderId: orderIdSchema, acceptedTotalEur: reviewedCentsSchema }).strict(),
    result: orderResultSchema,
  },
  /** Cancels an order not yet shipped; its reserved stock goes back. */
  'order.cancel': { payload: z.object({ orderId: orderIdSchema }).strict(), result: orderResultSchema },
} as const;
