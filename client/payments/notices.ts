import type { FeatureNotices } from '../sync/feature.ts';

/**
 * The payment commands' refusals with a translation (`refusal.<code>`, schema/payments/payment-rules.ts
 * PAYMENT_REFUSALS), written out so the first page carries no rules. No success notice: the order's page and the
 * result page tell each outcome themselves.
 */
export const PAYMENT_REFUSAL_CODES = [
  'order_not_found',
  'payment_not_payable',
  'payment_in_progress',
  'payment_overdue',
  'payment_attempts_exhausted',
  'payment_not_switchable',
  'payment_unavailable',
] as const;

export const paymentNotices: FeatureNotices = { refusalCodes: PAYMENT_REFUSAL_CODES };
