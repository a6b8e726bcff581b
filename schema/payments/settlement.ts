import type { PaymentMethodCode } from '../checkout/methods.ts';
import type { OrderPayment } from './payment.ts';

/**
 * What an order's amount is to the shopper, in one place for its page, the thank-you page, the order history and the
 * e-mails: still due, paid (how and when), given back, or nothing due since the order was cancelled. A paid order
 * never reads "amount due" (issue 29).
 */
export type Settlement =
  | { readonly kind: 'due'; readonly amountEur: number; readonly method: PaymentMethodCode }
  | {
      readonly kind: 'paid';
      readonly amountEur: number;
      readonly method: PaymentMethodCode;
      /** When the money came in; null when the shop does not know the moment. */
      readonly at: number | null;
      /** The masked card that paid, when a card did. */
      readonly card: string | null;
    }
  | { readonly kind: 'refunded'; readonly amountEur: number; readonly method: PaymentMethodCode }
  | { readonly kind: 'cancelled'; readonly amountEur: number };

export interface SettledOrder {
  /** The order's status; 'waiting' while the device still holds it. */
  readonly status: string;
  readonly paymentMethod: PaymentMethodCode;
  readonly payment?: OrderPayment | undefined;
  readonly totals: { readonly grandTotalEur: number };
  readonly history: readonly { readonly status: string; readonly at: number }[];
}

export const settlementOf = (order: SettledOrder): Settlement => {
  const { payment, paymentMethod: method } = order;
  const total = order.totals.grandTotalEur;
  if (payment?.status === 'refunded') {
    return { kind: 'refunded', amountEur: payment.refundedEur ?? payment.paidEur ?? total, method };
  }
  if (payment?.status === 'paid') {
    const card = payment.attempts.find((attempt) => attempt.attemptId === payment.paidBy)?.card ?? null;
    return { kind: 'paid', amountEur: payment.paidEur ?? total, method, at: payment.paidAt ?? null, card };
  }
  // Cash on delivery is paid to the courier: a delivered order of it is paid, when it was delivered.
  if (method === 'cashondelivery' && order.status === 'delivered') {
    const delivered = order.history.findLast((entry) => entry.status === 'delivered');
    return { kind: 'paid', amountEur: total, method, at: delivered?.at ?? null, card: null };
  }
  if (order.status === 'cancelled' || payment?.status === 'expired') return { kind: 'cancelled', amountEur: total };
  return { kind: 'due', amountEur: total, method };
};
