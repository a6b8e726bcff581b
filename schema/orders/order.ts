import { z } from 'zod';
import { appliedSeqSchema } from '../commands/applied-seqs.ts';
import { epochMsSchema, ownerIdSchema, serverSeqSchema } from '../commands/envelope.ts';
import { lineOptionsSchema, qtySchema, skuSchema } from '../cart/cart.ts';
import { checkoutDetailsSchema } from '../checkout/details.ts';
import { PAYMENT_METHOD_CODES, SHIPPING_METHOD_CODES } from '../checkout/methods.ts';
import { orderPaymentSchema } from '../payments/payment.ts';

/**
 * An order, as the server keeps it and every device of its owner replicates it (collection `orders`, one document
 * per owner listing the owner's orders, newest first). Money is in euro cents, the charged currency; the totals
 * keep the lev figure for reference and the rate.
 */

/** "waiting to be sent" is the device's alone (a queued command); these are the server's. */
export const ORDER_STATUSES = [
  'received',
  'needs_confirmation',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** An order id is made by the device (a UUID, lower case), so a repeated place of one id is one order. */
export const orderIdSchema = z
  .string()
  .max(36)
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a lower-case UUID');

/** "BG-2026-000123": the country, the year, a number from one sequence. */
export const orderNumberSchema = z
  .string()
  .max(32)
  .regex(/^BG-\d{4}-\d{6,}$/, 'must be an order number like BG-2026-000123');

export const orderNumberOf = (year: number, sequence: number): string =>
  `BG-${year}-${String(sequence).padStart(6, '0')}`;

/** Euro cents. */
const centsSchema = z.number().int().min(0).max(1e12);
const signedCentsSchema = z.number().int().min(-1e12).max(1e12);

export const orderLineSchema = z.object({
  lineId: z.string().min(1).max(400),
  sku: skuSchema,
  name: z.string().max(300),
  qty: qtySchema,
  unitPriceInclTaxEur: centsSchema,
  lineTotalEur: centsSchema,
  options: lineOptionsSchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderTotalsSchema = z.object({
  subtotalInclTaxEur: centsSchema,
  discountEur: centsSchema,
  shippingEur: centsSchema,
  paymentEur: centsSchema,
  taxEur: centsSchema,
  grandTotalEur: centsSchema,
  grandTotalBgn: centsSchema,
  rate: z.number(),
  segments: z.array(
    z.object({
      code: z.enum(['subtotal', 'discount', 'shipping', 'payment', 'tax', 'grand_total']),
      valueEur: signedCentsSchema,
    }),
  ),
});

/** What changed between what the shopper reviewed and what the store would charge now. */
export const orderDifferenceSchema = z.object({
  /** 'grand_total', 'coupon', or `lines.<sku>.unitPriceInclTaxEur`. */
  field: z.string().max(200),
  before: z.union([z.number(), z.string(), z.null()]),
  after: z.union([z.number(), z.string(), z.null()]),
});
export type OrderDifference = z.infer<typeof orderDifferenceSchema>;

export const orderHistoryEntrySchema = z.object({ status: orderStatusSchema, at: epochMsSchema });

export const orderSchema = z.object({
  orderId: orderIdSchema,
  orderNumber: orderNumberSchema,
  owner: ownerIdSchema,
  status: orderStatusSchema,
  details: checkoutDetailsSchema,
  lines: z.array(orderLineSchema).min(1),
  totals: orderTotalsSchema,
  couponCode: z.string().max(64).optional(),
  differences: z.array(orderDifferenceSchema).optional(),
  paymentMethod: z.enum(PAYMENT_METHOD_CODES),
  /** Set when a provider takes the payment (card, PayPal, credit): schema/payments/payment.ts. */
  payment: orderPaymentSchema.optional(),
  shippingMethod: z.enum(SHIPPING_METHOD_CODES),
  history: z.array(orderHistoryEntrySchema),
  createdAt: epochMsSchema,
  updatedAt: epochMsSchema,
});
export type Order = z.infer<typeof orderSchema>;

/**
 * The most orders an owner's read model lists (newest first). Older orders stay on the server (POST /api/order/get
 * finds them by number); this bounds a document every device of the owner replicates.
 */
export const ORDERS_KEPT = 100;

/** The orders read model: one per owner, written only by the server. */
export const ordersDocSchema = z
  .object({
    owner: ownerIdSchema,
    orders: z.array(orderSchema).max(ORDERS_KEPT),
    applied: z.array(appliedSeqSchema),
    updatedAt: epochMsSchema,
    serverSeq: serverSeqSchema,
  })
  .strict();
export type OrdersDoc = z.infer<typeof ordersDocSchema>;

/** The read model's collection name (its pull source and its name on the stream). */
export const ORDERS_COLLECTION = 'orders';

export const emptyOrders = (owner: string): OrdersDoc => ({
  owner,
  orders: [],
  applied: [],
  updatedAt: 0,
  serverSeq: 0,
});
