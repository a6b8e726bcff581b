import { z } from 'zod';
import { epochMsSchema } from '../commands/envelope.ts';

/**
 * An order's payment when a provider takes it (card through BORICA, PayPal, consumer credit): the order carries it
 * as `payment`, so it reaches every device of its owner with the order. Orders paid on delivery or by transfer have
 * none. Money in euro cents.
 *
 * Life: `awaiting` (placed, nothing tried, or the last try declined: the shopper may pay, retry or switch to cash on
 * delivery) -> `processing` (an attempt is open at the provider: the shopper is on its page, or the answer is in
 * doubt until the provider is asked) -> `paid` | back to `awaiting` on a decline. `expired`: not paid by `dueBy`,
 * the order is cancelled and its stock released. `refunded`: an operator gave the money back (in full;
 * `refundedEur` says how much when partly).
 */
export const PAYMENT_STATUSES = ['awaiting', 'processing', 'paid', 'expired', 'refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentProviderSchema = z.enum(['borica', 'paypal', 'credit']);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** One try, as the shopper sees it: the provider's words and the masked card. */
export const paymentAttemptSchema = z.object({
  /** The `payment.start` command's id (a UUID): the idempotency key with the provider. */
  attemptId: z.string().max(36),
  /** BORICA's ORDER (6 digits), PayPal's order id, the credit application's number; '' until the provider gave one. */
  providerRef: z.string().max(64),
  /** open: at the provider, no answer yet; pending: the provider has not decided (credit documents, -31...). */
  status: z.enum(['open', 'pending', 'paid', 'declined', 'unknown']),
  /** The provider's code (BORICA RC, PayPal issue, credit reason) when it gave one. */
  code: z.string().max(64).optional(),
  /** The provider's message for the shopper (BORICA STATUSMSG...). */
  message: z.string().max(500).optional(),
  /** The masked card number, e.g. "5100 77** **** 0022". */
  card: z.string().max(32).optional(),
  createdAt: epochMsSchema,
  updatedAt: epochMsSchema,
});
export type PaymentAttemptView = z.infer<typeof paymentAttemptSchema>;

export const orderPaymentSchema = z.object({
  provider: paymentProviderSchema,
  status: paymentStatusSchema,
  /** Newest last. */
  attempts: z.array(paymentAttemptSchema).max(50),
  /** Not paid by then: the order is cancelled and its stock released. */
  dueBy: epochMsSchema,
  paidAt: epochMsSchema.optional(),
  paidEur: z.number().int().min(0).optional(),
  /** The attempt that paid the order (refunds go back through it). */
  paidBy: z.string().max(36).optional(),
  refundedEur: z.number().int().min(0).optional(),
  /**
   * Attempts that charged the shopper when the order no longer wanted it (paid already by another attempt, expired,
   * cancelled): an operator gives each back. Never silently dropped (schema/payments/payment-rules.ts).
   */
  excessAttempts: z.array(z.string().max(36)).max(50).optional(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** May the shopper start a payment (or a retry) for this order now? */
export const canPayNow = (payment: OrderPayment | undefined, now: number): boolean =>
  payment !== undefined && payment.status === 'awaiting' && now < payment.dueBy;
