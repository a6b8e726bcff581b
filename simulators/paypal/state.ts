import { randomBytes } from 'node:crypto';
import type { SimAnswer } from './errors.ts';

export type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'FAILED';
/** What the payer's funding does at capture, chosen on the approve page (or by /__sim/approve). */
export type FundingOutcome = 'COMPLETED' | 'DECLINED' | 'PENDING' | 'INSTRUMENT_DECLINED';

export interface SimCapture {
  readonly id: string;
  readonly orderId: string;
  status: CaptureStatus;
  reason?: string;
  readonly amountCents: number;
  readonly currency: string;
  refundedCents: number;
  readonly customId?: string;
  readonly invoiceId?: string;
  readonly createTime: string;
  updateTime: string;
}

export interface SimRefund {
  readonly id: string;
  readonly captureId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly noteToPayer?: string;
  readonly createTime: string;
}

export interface SimOrder {
  readonly id: string;
  status: OrderStatus;
  readonly referenceId: string;
  readonly customId?: string;
  readonly invoiceId?: string;
  readonly description?: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly returnUrl?: string;
  readonly cancelUrl?: string;
  readonly locale?: string;
  /** Created with `payment_source.paypal` (payer-action link, PAYER_ACTION_REQUIRED) or without (approve, CREATED). */
  readonly withPaymentSource: boolean;
  payerId?: string;
  outcome?: FundingOutcome;
  capture?: SimCapture;
  readonly createTime: string;
  updateTime: string;
}

/** Counts of what the simulator did, for tests and benches ("one charge"). */
export interface SimStats {
  ordersCreated: number;
  /** Capture calls that reached an order (replays of a PayPal-Request-Id excluded). */
  captureCalls: number;
  /** Captures that took money (status COMPLETED when made). */
  capturesCompleted: number;
  /** Completed captures per PayPal order id: a correct store never makes one above 1. */
  capturesByOrder: Record<string, number>;
  refunds: number;
  refundedCents: number;
  tokensIssued: number;
  /** Answers given again for a repeated PayPal-Request-Id. */
  replays: number;
}

/** How long PayPal keeps a PayPal-Request-Id's first answer (6 h by default). */
const REQUEST_ID_TTL_MS = 6 * 60 * 60 * 1000;

export interface SimState {
  readonly orders: Map<string, SimOrder>;
  readonly captures: Map<string, SimCapture>;
  readonly refunds: Map<string, SimRefund>;
  /** access token -> expiry (epoch ms). */
  readonly tokens: Map<string, number>;
  readonly answers: Map<string, { readonly answer: SimAnswer; readonly at: number }>;
  stats: SimStats;
}

const emptyStats = (): SimStats => ({
  ordersCreated: 0,
  captureCalls: 0,
  capturesCompleted: 0,
  capturesByOrder: {},
  refunds: 0,
  refundedCents: 0,
  tokensIssued: 0,
  replays: 0,
});

export const newState = (): SimState => ({
  orders: new Map(),
  captures: new Map(),
  refunds: new Map(),
  tokens: new Map(),
  answers: new Map(),
  stats: emptyStats(),
});

export const resetState = (state: SimState): void => {
  state.orders.clear();
  state.captures.clear();
  state.refunds.clear();
  state.answers.clear();
  state.stats = emptyStats();
};

const ID_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** An id the way PayPal's look: 17 upper-case letters and digits ("5O190127TN364715T"). */
export const paypalId = (): string => [...randomBytes(17)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');

export const nowIso = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * PayPal-Request-Id: a POST repeated with the same id (on the same resource) gets the first answer, status and body,
 * without doing anything again. Answers without the header are never kept.
 */
export const idempotent = (
  state: SimState,
  scope: string,
  requestId: string | undefined,
  run: () => SimAnswer,
): SimAnswer => {
  if (requestId === undefined) return run();
  const key = `${scope} ${requestId}`;
  const kept = state.answers.get(key);
  const now = Date.now();
  if (kept && now - kept.at < REQUEST_ID_TTL_MS) {
    state.stats.replays += 1;
    return kept.answer;
  }
  const answer = run();
  // A server error did nothing: the caller may try the same id again and have it done.
  if (answer.status < 500) state.answers.set(key, { answer, at: now });
  return answer;
};
