import { canPayNow, type OrderPayment, type PaymentAttemptView } from '../../schema/payments/payment.ts';

/**
 * What the shopper is shown of an order's payment, as pure rules (unit-tested): the time left to pay, whether
 * "Pay now" is offered and why it may be disabled, and what the page the gateway returns to says.
 */

const MINUTE_MS = 60_000;

export type TimeLeft =
  | { kind: 'over' }
  | { kind: 'lessThanMinute' }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'hoursMinutes'; hours: number; minutes: number };

/** The time left until `dueBy`, in whole minutes rounded down (never promises a minute the shopper does not have). */
export const timeLeft = (dueBy: number, now: number): TimeLeft => {
  const ms = dueBy - now;
  if (ms <= 0) return { kind: 'over' };
  if (ms < MINUTE_MS) return { kind: 'lessThanMinute' };
  const total = Math.floor(ms / MINUTE_MS);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return hours > 0 ? { kind: 'hoursMinutes', hours, minutes } : { kind: 'minutes', minutes };
};

/** Payment methods a provider takes online: an order with one of them is paid after it is placed. */
export const ONLINE_METHODS: readonly string[] = ['card', 'paypal', 'credit'];
export const isOnlineMethod = (paymentMethod: string): boolean => ONLINE_METHODS.includes(paymentMethod);

/** The order's side the rules need (the orders view's ShownOrder fits it, and so does the server's Order). */
export interface PayableOrder {
  readonly orderId: string;
  /** The order's status; 'waiting' while this device has not sent it yet. */
  readonly status: string;
  readonly paymentMethod: string;
  readonly payment?: OrderPayment | undefined;
}

export type PayNow =
  | { shown: false }
  | { shown: true; enabled: true; retry: boolean }
  | { shown: true; enabled: false; retry: boolean; reason: 'needsOnline' | 'waitingToSend' | 'starting' };

/**
 * Orders the shop takes a payment for (schema/payments/payment-rules.ts): received or confirmed. One waiting for the
 * shopper's word on changed figures is paid once confirmed, at the figures confirmed; a cancelled one, never.
 */
const PAYABLE_ORDER: ReadonlySet<string> = new Set(['received', 'confirmed']);

const lastAttempt = (payment: OrderPayment | undefined): PaymentAttemptView | undefined => payment?.attempts.at(-1);

/**
 * "Pay now" (or "Try again" after a declined try): offered while the payment awaits and is not overdue, and for an
 * online-paid order this device still holds (disabled: it is paid once the shop has it). Disabled offline, with the
 * reason, and while a start of this tab is on its way (a double click is one attempt).
 */
export const payNowState = (
  order: PayableOrder,
  input: { online: boolean; starting: boolean; now: number },
): PayNow => {
  if (order.status === 'waiting' && isOnlineMethod(order.paymentMethod)) {
    return { shown: true, enabled: false, retry: false, reason: input.online ? 'waitingToSend' : 'needsOnline' };
  }
  if (!PAYABLE_ORDER.has(order.status) || !canPayNow(order.payment, input.now)) return { shown: false };
  const retry = order.payment !== undefined && order.payment.attempts.length > 0;
  if (!input.online) return { shown: true, enabled: false, retry, reason: 'needsOnline' };
  if (input.starting) return { shown: true, enabled: false, retry, reason: 'starting' };
  return { shown: true, enabled: true, retry };
};

/** Switching to cash on delivery: while the payment awaits (not while a try is open at the provider, nor once paid). */
export const canSwitchToOffline = (order: PayableOrder, now: number): boolean =>
  PAYABLE_ORDER.has(order.status) && canPayNow(order.payment, now);

export type PaymentResult =
  | { kind: 'checking' }
  | { kind: 'paid' }
  | { kind: 'declined'; message: string | undefined }
  | { kind: 'expired' }
  | { kind: 'refunded' }
  /** No payment to take online any more: switched to cash on delivery (or never had one). */
  | { kind: 'offline' };

/**
 * What the page the gateway sends the shopper back to says: "checking" while the try is open or in doubt (the server
 * settles it from the gateway's answer, or asks the provider), then paid, or back to awaiting with the declined
 * try's message (the shopper may try again or pay on delivery). `attemptId` is the try this tab sent the shopper
 * to pay (when it knows it): until the device's copy of the order lists it, the copy is older than the try and
 * says nothing of it (the shopper left before the server's answer reached the device), so it is still "checking".
 */
export const paymentResultOf = (order: PayableOrder | undefined, attemptId?: string): PaymentResult => {
  if (!order || order.status === 'waiting') return { kind: 'checking' };
  const { payment } = order;
  if (!payment) return isOnlineMethod(order.paymentMethod) ? { kind: 'checking' } : { kind: 'offline' };
  switch (payment.status) {
    case 'paid':
      return { kind: 'paid' };
    case 'expired':
      return { kind: 'expired' };
    case 'refunded':
      return { kind: 'refunded' };
    case 'processing':
      return { kind: 'checking' };
    case 'awaiting': {
      const attempt =
        attemptId === undefined ? lastAttempt(payment) : payment.attempts.find((a) => a.attemptId === attemptId);
      if (attemptId !== undefined && (!attempt || attempt.status === 'open' || attempt.status === 'pending')) {
        return { kind: 'checking' };
      }
      return { kind: 'declined', message: attempt?.status === 'declined' ? attempt.message : undefined };
    }
  }
};

/** Newest first, for the list under the status: each try's outcome, the provider's words and the masked card. */
export const attemptsNewestFirst = (payment: OrderPayment | undefined): PaymentAttemptView[] =>
  payment ? [...payment.attempts].reverse() : [];

/**
 * The try this order's payment is open with, when the shopper may go back to the provider's page for it (they left
 * it with the browser's Back, or closed the tab): the server begins an open try again as the same try (the same
 * BORICA ORDER with a fresh NONCE, the same PayPal order), so no second charge can come of it. Not for credit, which
 * the provider decides without the shopper.
 */
export const resumableAttempt = (order: PayableOrder, now: number): string | undefined => {
  const { payment } = order;
  if (!payment || payment.provider === 'credit' || payment.status !== 'processing' || now >= payment.dueBy) {
    return undefined;
  }
  const last = lastAttempt(payment);
  return last?.status === 'open' ? last.attemptId : undefined;
};
