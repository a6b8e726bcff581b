import { describe, expect, it } from 'vitest';
import {
  canSwitchToOffline,
  payNowState,
  paymentResultOf,
  resumableAttempt,
  timeLeft,
  type PayableOrder,
} from '../../../client/payments/payment-view.ts';
import type { OrderPayment, PaymentAttemptView } from '../../../schema/payments/payment.ts';

const NOW = Date.UTC(2026, 10, 26, 10, 0, 0);
const MIN = 60_000;

const attempt = (over: Partial<PaymentAttemptView> = {}): PaymentAttemptView => ({
  attemptId: '0193a000-0000-7000-8000-000000000001',
  providerRef: '123456',
  status: 'declined',
  code: '04',
  message: 'Отказана транзакция',
  card: '5555 00** **** 0019',
  createdAt: NOW - 5 * MIN,
  updatedAt: NOW - 4 * MIN,
  ...over,
});

const payment = (over: Partial<OrderPayment> = {}): OrderPayment => ({
  provider: 'borica',
  status: 'awaiting',
  attempts: [],
  dueBy: NOW + 60 * MIN,
  ...over,
});

const order = (over: Partial<PayableOrder> = {}): PayableOrder => ({
  orderId: '0193a000-0000-7000-8000-0000000000aa',
  status: 'received',
  paymentMethod: 'card',
  payment: payment(),
  ...over,
});

describe('the time left to pay', () => {
  it('is shown in whole hours and minutes, rounded down', () => {
    expect(timeLeft(NOW + 90 * MIN + 59_000, NOW)).toEqual({ kind: 'hoursMinutes', hours: 1, minutes: 30 });
    expect(timeLeft(NOW + 42 * MIN + 30_000, NOW)).toEqual({ kind: 'minutes', minutes: 42 });
  });

  it('says less than a minute in the last minute, and over at and after the deadline', () => {
    expect(timeLeft(NOW + 59_999, NOW)).toEqual({ kind: 'lessThanMinute' });
    expect(timeLeft(NOW, NOW)).toEqual({ kind: 'over' });
    expect(timeLeft(NOW - MIN, NOW)).toEqual({ kind: 'over' });
  });
});

describe('"Pay now"', () => {
  it('is offered and enabled for a payment awaiting, online, with nothing tried yet', () => {
    expect(payNowState(order(), { online: true, starting: false, now: NOW })).toEqual({
      shown: true,
      enabled: true,
      retry: false,
    });
  });

  it('becomes "Try again" after a declined try', () => {
    const state = payNowState(order({ payment: payment({ attempts: [attempt()] }) }), {
      online: true,
      starting: false,
      now: NOW,
    });
    expect(state).toEqual({ shown: true, enabled: true, retry: true });
  });

  it('is disabled offline, with the reason', () => {
    expect(payNowState(order(), { online: false, starting: false, now: NOW })).toMatchObject({
      shown: true,
      enabled: false,
      reason: 'needsOnline',
    });
  });

  it('is disabled while a start is on its way, so a double click is one attempt', () => {
    expect(payNowState(order(), { online: true, starting: true, now: NOW })).toMatchObject({
      enabled: false,
      reason: 'starting',
    });
  });

  it('is shown disabled for a card order the device has not sent yet', () => {
    const waiting = order({ status: 'waiting', payment: undefined });
    expect(payNowState(waiting, { online: false, starting: false, now: NOW })).toMatchObject({
      shown: true,
      enabled: false,
      reason: 'needsOnline',
    });
    expect(payNowState(waiting, { online: true, starting: false, now: NOW })).toMatchObject({
      reason: 'waitingToSend',
    });
  });

  it('is not offered while a try is open, once paid, after the deadline, or for a cancelled or unconfirmed order', () => {
    const input = { online: true, starting: false, now: NOW };
    expect(payNowState(order({ payment: payment({ status: 'processing' }) }), input).shown).toBe(false);
    expect(payNowState(order({ payment: payment({ status: 'paid' }) }), input).shown).toBe(false);
    expect(payNowState(order({ payment: payment({ dueBy: NOW }) }), input).shown).toBe(false);
    expect(payNowState(order({ status: 'cancelled' }), input).shown).toBe(false);
    // Changed figures are confirmed first: the payment is for the total the shopper accepted.
    expect(payNowState(order({ status: 'needs_confirmation' }), input).shown).toBe(false);
    expect(payNowState(order({ status: 'confirmed' }), input).shown).toBe(true);
  });

  it('is not offered for an order paid on delivery', () => {
    const cash = order({ paymentMethod: 'cashondelivery', payment: undefined });
    expect(payNowState(cash, { online: true, starting: false, now: NOW }).shown).toBe(false);
    expect(payNowState({ ...cash, status: 'waiting' }, { online: true, starting: false, now: NOW }).shown).toBe(false);
  });
});

describe('switching to cash on delivery', () => {
  it('is possible while the payment awaits, not while a try is open or once paid', () => {
    expect(canSwitchToOffline(order(), NOW)).toBe(true);
    expect(canSwitchToOffline(order({ payment: payment({ status: 'processing' }) }), NOW)).toBe(false);
    expect(canSwitchToOffline(order({ payment: payment({ status: 'paid' }) }), NOW)).toBe(false);
  });
});

describe('the page the gateway sends the shopper back to', () => {
  const tried = attempt({ attemptId: '0193a000-0000-7000-8000-000000000002' });

  it('checks while the try is open at the provider', () => {
    const open = payment({ status: 'processing', attempts: [{ ...tried, status: 'open' }] });
    expect(paymentResultOf(order({ payment: open }), tried.attemptId)).toEqual({ kind: 'checking' });
  });

  it('checks while the device has not heard of the try yet (its copy is older)', () => {
    expect(paymentResultOf(order(), tried.attemptId)).toEqual({ kind: 'checking' });
    expect(paymentResultOf(undefined, tried.attemptId)).toEqual({ kind: 'checking' });
  });

  it('says paid once the order is paid', () => {
    const paid = payment({ status: 'paid', attempts: [{ ...tried, status: 'paid', message: 'Одобрена' }] });
    expect(paymentResultOf(order({ payment: paid }), tried.attemptId)).toEqual({ kind: 'paid' });
  });

  it("gives the declined try's own message when the payment is back to awaiting", () => {
    const declined = payment({ attempts: [tried] });
    expect(paymentResultOf(order({ payment: declined }), tried.attemptId)).toEqual({
      kind: 'declined',
      message: 'Отказана транзакция',
    });
    // Without a remembered try (another tab, storage blocked): the newest try speaks.
    expect(paymentResultOf(order({ payment: declined }))).toEqual({ kind: 'declined', message: 'Отказана транзакция' });
  });

  it('tells an expired, a refunded and a switched-to-cash order apart', () => {
    expect(paymentResultOf(order({ payment: payment({ status: 'expired' }) }))).toEqual({ kind: 'expired' });
    expect(paymentResultOf(order({ payment: payment({ status: 'refunded' }) }))).toEqual({ kind: 'refunded' });
    expect(paymentResultOf(order({ paymentMethod: 'cashondelivery', payment: undefined }))).toEqual({
      kind: 'offline',
    });
  });
});

describe("going back to the provider's page", () => {
  const open = attempt({ status: 'open', message: undefined, card: undefined });

  it("is offered for the order's open try, while the shopper may still pay", () => {
    const processing = payment({ status: 'processing', attempts: [attempt(), open] });
    expect(resumableAttempt(order({ payment: processing }), NOW)).toBe(open.attemptId);
    expect(resumableAttempt(order({ payment: { ...processing, dueBy: NOW } }), NOW)).toBeUndefined();
  });

  it('is not offered once the try has an answer, nor for credit, which the provider decides alone', () => {
    const pending = payment({ status: 'processing', attempts: [{ ...open, status: 'pending' }] });
    expect(resumableAttempt(order({ payment: pending }), NOW)).toBeUndefined();
    const credit = payment({ provider: 'credit', status: 'processing', attempts: [open] });
    expect(resumableAttempt(order({ paymentMethod: 'credit', payment: credit }), NOW)).toBeUndefined();
    expect(resumableAttempt(order(), NOW)).toBeUndefined();
  });
});
