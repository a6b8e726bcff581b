import { paymentMethodsFor } from '../checkout/methods.ts';
import type { Order } from '../orders/order.ts';
import { decideStatusMove, type OrderEvent } from '../orders/order-rules.ts';
import type { OrderPayment, PaymentAttemptView, PaymentProvider } from './payment.ts';

/**
 * The payment's life as pure rules (no I/O: the server's payments hub runs them in its transactions, the client
 * may run them in its optimistic view). Decisions, kept here so they are written down once:
 *
 * - An order placed with a method a provider takes (card, PayPal, credit) gets `payment` awaiting, due
 *   `dueMs` after placing. Not paid by then, it expires: the order is cancelled and its stock released.
 * - Paid keeps the ORDER's status as it is (received, or confirmed by the operator): the payment's own status says
 *   it is paid. The operator's workflow (confirm, ship) is the same for every method; the console reads `payment`.
 * - One attempt at a time: while an attempt is open at the provider (processing) no other starts, so a double
 *   click, a second tab or a repeated push can never charge twice. A declined attempt puts the payment back to
 *   awaiting, so the shopper may retry (a new attempt, with BORICA a new ORDER and NONCE) or pay on delivery.
 * - A verdict applies to its attempt once: a verdict for an attempt already paid or declined changes nothing
 *   (except `paid` for a declined one: the provider's money is the truth, never dropped).
 * - A `paid` that arrives when the order no longer wants it (paid by another attempt, expired, cancelled,
 *   refunded) is never dropped: the attempt is marked paid and listed in `payment.excessAttempts` for an operator
 *   to refund (the hub also mails the shopper).
 * - `unknown` (the provider has no trace) frees the payment only once the provider's own window has passed
 *   (BORICA refuses a form older than 15 minutes): before that the shopper may still be on its page.
 */

export type PaymentRefusalCode =
  | 'order_not_found'
  | 'payment_not_payable'
  | 'payment_in_progress'
  | 'payment_overdue'
  | 'payment_attempts_exhausted'
  | 'payment_not_switchable'
  | 'payment_unavailable'
  | 'refund_not_possible';

/** The refusals' messages (the client translates the codes: client/payments' notices). */
export const PAYMENT_REFUSALS: Readonly<Record<PaymentRefusalCode, string>> = {
  order_not_found: 'Order not found.',
  payment_not_payable: 'This order is not waiting for a payment.',
  payment_in_progress: 'A payment of this order is in progress; wait for its result.',
  payment_overdue: 'The time to pay this order has passed.',
  payment_attempts_exhausted: 'Too many payment attempts for this order.',
  payment_not_switchable: 'The payment method of this order cannot be changed now.',
  payment_unavailable: 'This payment method is not available for this order.',
  refund_not_possible: 'This order has no payment to give back in that amount.',
};

export interface PaymentRefusal {
  kind: 'refused';
  code: PaymentRefusalCode;
  message: string;
  field: string;
}

const refusal = (code: PaymentRefusalCode, field = 'orderId'): PaymentRefusal => ({
  kind: 'refused',
  code,
  message: PAYMENT_REFUSALS[code],
  field,
});

/** The most attempts an order keeps (orderPaymentSchema's bound). */
export const MAX_ATTEMPTS = 50;

/**
 * How long after an attempt was made the provider may still complete it: BORICA checks TIMESTAMP against 15
 * minutes (plus a margin for clocks and the 3-D Secure page); PayPal's approval link lives 3 hours; a credit
 * application may wait for documents for days (it answers `pending`, never `unknown`, meanwhile).
 */
export const PROVIDER_WINDOW_MS: Readonly<Record<PaymentProvider, number>> = {
  borica: 20 * 60_000,
  paypal: 3 * 3_600_000,
  credit: 7 * 86_400_000,
};

/** Order statuses in which a payment may still be taken. */
const PAYABLE_ORDER: ReadonlySet<Order['status']> = new Set(['received', 'confirmed']);

export type StartDecision =
  { kind: 'accepted'; order: Order; attempt: PaymentAttemptView; fresh: boolean } | PaymentRefusal;

/**
 * `payment.start`: a new attempt, open at the provider, the payment processing. The same attempt id again (a
 * repeated push, a retried call) is the attempt it made, unchanged.
 */
export const decideStart = (order: Order | undefined, attemptId: string, now: number): StartDecision => {
  const payment = order?.payment;
  if (!order || !payment) return refusal(order ? 'payment_not_payable' : 'order_not_found');
  const same = payment.attempts.find((a) => a.attemptId === attemptId);
  if (same) return { kind: 'accepted', order, attempt: same, fresh: false };
  if (payment.status === 'processing') return refusal('payment_in_progress');
  if (payment.status !== 'awaiting' || !PAYABLE_ORDER.has(order.status)) return refusal('payment_not_payable');
  if (now >= payment.dueBy) return refusal('payment_overdue');
  if (payment.attempts.length >= MAX_ATTEMPTS) return refusal('payment_attempts_exhausted');
  const attempt: PaymentAttemptView = { attemptId, providerRef: '', status: 'open', createdAt: now, updatedAt: now };
  return {
    kind: 'accepted',
    order: withPayment(order, { ...payment, status: 'processing', attempts: [...payment.attempts, attempt] }, now),
    attempt,
    fresh: true,
  };
};

/** The provider's reference of an attempt, once the gateway gave one (BORICA's ORDER at once, PayPal's id later). */
export const withProviderRef = (order: Order, attemptId: string, providerRef: string, now: number): Order => {
  const payment = order.payment;
  if (!payment) return order;
  const attempts = payment.attempts.map((a) =>
    a.attemptId === attemptId && a.providerRef !== providerRef ? { ...a, providerRef, updatedAt: now } : a,
  );
  return attempts.every((a, i) => a === payment.attempts[i])
    ? order
    : withPayment(order, { ...payment, attempts }, now);
};

/** What a provider said of an attempt (the gateway's AttemptVerdict, as the rules need it). */
export type Verdict =
  | { kind: 'paid'; card?: string | undefined; message: string }
  | { kind: 'declined'; code: string; message: string; card?: string | undefined }
  | { kind: 'pending'; message: string; code?: string | undefined }
  | { kind: 'unknown' };

export interface VerdictDecision {
  /** The order after the verdict; the same object when nothing changed (a repeated or stale verdict). */
  order: Order;
  changed: boolean;
  /** The order became paid by this verdict. */
  paidNow: boolean;
  /** A charge the order did not want (paid by another attempt, expired, cancelled): an operator refunds it. */
  excess: boolean;
}

const SETTLED: ReadonlySet<PaymentAttemptView['status']> = new Set(['paid', 'declined']);

/** Applies a provider's verdict to one attempt of the order, once. */
export const decideVerdict = (order: Order, attemptId: string, verdict: Verdict, now: number): VerdictDecision => {
  const unchanged: VerdictDecision = { order, changed: false, paidNow: false, excess: false };
  const payment = order.payment;
  const attempt = payment?.attempts.find((a) => a.attemptId === attemptId);
  if (!payment || !attempt || attempt.status === 'paid') return unchanged;
  // A declined attempt stays declined, unless the provider says after all that it took the money: never lost.
  if (SETTLED.has(attempt.status) && verdict.kind !== 'paid') return unchanged;
  const isLatest = payment.attempts.at(-1)?.attemptId === attemptId;
  const inDoubt = payment.status === 'processing' && isLatest;
  const settle = (fields: Partial<PaymentAttemptView>): PaymentAttemptView[] =>
    payment.attempts.map((a) => (a.attemptId === attemptId ? { ...a, ...fields, updatedAt: now } : a));

  switch (verdict.kind) {
    case 'paid': {
      const attempts = settle({ status: 'paid', message: verdict.message, ...cardOf(verdict.card) });
      const wanted = (payment.status === 'awaiting' || payment.status === 'processing') && order.status !== 'cancelled';
      if (!wanted) {
        const excessAttempts = [...(payment.excessAttempts ?? []), attemptId];
        return {
          order: withPayment(order, { ...payment, attempts, excessAttempts }, now),
          changed: true,
          paidNow: false,
          excess: true,
        };
      }
      const paid: OrderPayment = {
        ...payment,
        status: 'paid',
        attempts,
        paidAt: now,
        paidEur: order.totals.grandTotalEur,
        paidBy: attemptId,
      };
      return { order: withPayment(order, paid, now), changed: true, paidNow: true, excess: false };
    }
    case 'declined': {
      const attempts = settle({
        status: 'declined',
        code: verdict.code.slice(0, 64),
        message: verdict.message.slice(0, 500),
        ...cardOf(verdict.card),
      });
      return changedTo(order, { ...payment, attempts, status: inDoubt ? 'awaiting' : payment.status }, now);
    }
    case 'pending': {
      if (attempt.status === 'pending' && attempt.message === verdict.message) return unchanged;
      const attempts = settle({
        status: 'pending',
        message: verdict.message.slice(0, 500),
        ...(verdict.code ? { code: verdict.code.slice(0, 64) } : {}),
      });
      return changedTo(order, { ...payment, attempts }, now);
    }
    case 'unknown': {
      const window = PROVIDER_WINDOW_MS[payment.provider];
      // Still inside the provider's window: the shopper may be on its page; ask again later.
      if (now - attempt.createdAt < window) return unchanged;
      const attempts = settle({ status: 'unknown' });
      return changedTo(order, { ...payment, attempts, status: inDoubt ? 'awaiting' : payment.status }, now);
    }
  }
};

const cardOf = (card: string | undefined): { card?: string } => (card ? { card: card.slice(0, 32) } : {});

const changedTo = (order: Order, payment: OrderPayment, now: number): VerdictDecision => ({
  order: withPayment(order, payment, now),
  changed: true,
  paidNow: false,
  excess: false,
});

const withPayment = (order: Order, payment: OrderPayment, now: number): Order => ({
  ...order,
  payment,
  updatedAt: now,
});

export type ExpireDecision = { kind: 'expired'; event: OrderEvent } | { kind: 'kept' };

/**
 * An order awaiting payment past its due time: the payment expires and the order is cancelled, its stock released
 * (the operator's cancel move, so the stock moves are the same). A payment in progress is not expired here: the
 * reconciler asks the provider first, so an order paid at the last moment is never cancelled.
 */
export const decideExpire = (order: Order, now: number): ExpireDecision => {
  const payment = order.payment;
  if (!payment || payment.status !== 'awaiting' || now < payment.dueBy) return { kind: 'kept' };
  const moved = decideStatusMove(order, 'cancelled', now);
  if (moved.kind === 'refused') return { kind: 'kept' };
  const { event } = moved;
  return {
    kind: 'expired',
    event: { ...event, order: { ...event.order, payment: { ...payment, status: 'expired' } } },
  };
};

export type SwitchDecision = { kind: 'accepted'; order: Order; changed: boolean } | PaymentRefusal;

/**
 * `payment.switchToOffline`: the shopper pays on delivery or by transfer instead. Only while nothing is at the
 * provider (awaiting): with an attempt open the money may be taken any moment. The payment is dropped, so the order
 * is an offline one from here. Cash on delivery is refused for an order that never ships (every line virtual).
 */
export const decideSwitchToOffline = (
  order: Order | undefined,
  paymentMethod: 'cashondelivery' | 'banktransfer',
  lineTypes: readonly { typeId?: string }[],
  now: number,
): SwitchDecision => {
  if (!order) return refusal('order_not_found');
  if (!order.payment) {
    // Switched already (a repeated push): the order as it is.
    return order.paymentMethod === paymentMethod
      ? { kind: 'accepted', order, changed: false }
      : refusal('payment_not_switchable');
  }
  if (order.payment.status === 'processing') return refusal('payment_in_progress');
  if (order.payment.status !== 'awaiting' || !PAYABLE_ORDER.has(order.status)) return refusal('payment_not_switchable');
  if (!paymentMethodsFor(lineTypes).some((m) => m.code === paymentMethod))
    return refusal('payment_unavailable', 'paymentMethod');
  const { payment: _dropped, ...rest } = order;
  return { kind: 'accepted', order: { ...rest, paymentMethod, updatedAt: now }, changed: true };
};

export type RefundDecision = { kind: 'accepted'; amountEur: number; attemptId: string } | PaymentRefusal;

/** May an operator give back `amountEur` (default: all that is left) of the order's payment? */
export const decideRefund = (order: Order, amountEur: number | undefined): RefundDecision => {
  const payment = order.payment;
  // The attempt that paid the order; an order paid before `paidBy` was kept: its first paid attempt not in excess.
  const paidAttempt = payment?.paidBy
    ? payment.attempts.find((a) => a.attemptId === payment.paidBy)
    : payment?.attempts.find((a) => a.status === 'paid' && !payment.excessAttempts?.includes(a.attemptId));
  if (!payment || payment.status !== 'paid' || !paidAttempt || payment.paidEur === undefined)
    return refusal('refund_not_possible');
  const left = payment.paidEur - (payment.refundedEur ?? 0);
  const amount = amountEur ?? left;
  if (amount <= 0 || amount > left) return refusal('refund_not_possible', 'amountEur');
  return { kind: 'accepted', amountEur: amount, attemptId: paidAttempt.attemptId };
};

/** The order after a refund the provider made: `refundedEur` grows; all of it given back, the payment is refunded. */
export const evolveRefund = (order: Order, amountEur: number, now: number): Order => {
  const payment = order.payment;
  if (!payment) return order;
  const refundedEur = (payment.refundedEur ?? 0) + amountEur;
  const full = payment.paidEur !== undefined && refundedEur >= payment.paidEur;
  return withPayment(order, { ...payment, refundedEur, status: full ? 'refunded' : payment.status }, now);
};

/**
 * A charge the order did not want (`payment.excessAttempts`): an operator gives all of it back (the order's total,
 * what the attempt charged); the order's own payment is untouched.
 */
export const decideExcessRefund = (order: Order, attemptId: string): RefundDecision =>
  order.payment?.excessAttempts?.includes(attemptId)
    ? { kind: 'accepted', amountEur: order.totals.grandTotalEur, attemptId }
    : refusal('refund_not_possible', 'attemptId');

/** The order after an excess charge was given back: the attempt is no longer listed as one to refund. */
export const evolveExcessRefund = (order: Order, attemptId: string, now: number): Order => {
  const payment = order.payment;
  if (!payment?.excessAttempts) return order;
  const { excessAttempts, ...rest } = payment;
  const left = excessAttempts.filter((id) => id !== attemptId);
  return withPayment(order, left.length > 0 ? { ...rest, excessAttempts: left } : rest, now);
};
