import { describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../../schema/commands/envelope.ts';
import { parseCommand } from '../../../schema/commands/registry.ts';
import { unitPriceEurOf } from '../../../schema/checkout/totals.ts';
import { NOTICE_LIFETIME_MS } from '../../../schema/notices/notices.ts';
import {
  acknowledgedOrderChanges,
  selectOrderNotices,
  shopperCancelledOrders,
  type OrderChange,
} from '../../../schema/notices/order-changes.ts';
import type { Order } from '../../../schema/orders/order.ts';
import { decideCancel, decideOrder, decideStatusMove } from '../../../schema/orders/order-rules.ts';
import { decideExpire, decideStart, decideVerdict } from '../../../schema/payments/payment-rules.ts';
import { placePayload, productOf, validDetails } from '../../support/orders.ts';
import { contextOf, placeCommand } from '../orders/order-context.ts';

/**
 * Issue 16 (and 17's "pay now"): the order changes the shopper did not cause are lasting notices until
 * acknowledged. Orders are made by the real order and payment rules, as the server makes them.
 */
const NOW = 1_790_000_000_000;
const MIN = 60_000;
const HOUR = 60 * MIN;
const mac = productOf('MBA13', 199_900, 3);

const place = (paymentMethod: 'card' | 'cashondelivery' = 'cashondelivery', at = NOW): Order => {
  const details = { ...validDetails, payment: { paymentMethod } };
  const decision = decideOrder(
    placeCommand(
      placePayload([{ sku: mac.sku, qty: 1, unitPriceInclTaxEur: unitPriceEurOf(mac.priceInclTax) }], { details }),
    ),
    { ...contextOf([mac], { now: at }), payments: { dueMs: HOUR, available: () => true } },
  );
  if (decision.kind !== 'accepted' || !decision.event) throw new Error('not placed');
  return decision.event.order;
};

/** The operator moves the order (the route's rule). */
const move = (order: Order, to: 'confirmed' | 'shipped' | 'delivered' | 'cancelled', at: number): Order => {
  const decision = decideStatusMove(order, to, at);
  if (decision.kind !== 'accepted') throw new Error(decision.message);
  return decision.event.order;
};

const envelope = (type: string, payload: Record<string, unknown>, status: CommandDocument['status']) => ({
  id: '0190f3a0-0000-7000-8000-000000000009',
  type,
  payload,
  owner: 'guest-a',
  clientId: 'client-phone',
  seq: 1,
  createdAt: NOW,
  status,
  serverSeq: status === 'pending' ? 0 : 1,
});

const acknowledgement = (changes: OrderChange[], status: CommandDocument['status'] = 'succeeded') =>
  envelope(
    'notices.acknowledge',
    { notices: [], orderChanges: changes.map(({ orderId, change, at }) => ({ orderId, change, at })) },
    status,
  );

const shown = (orders: Order[], commands: CommandDocument[] = [], now = NOW + 2 * HOUR) =>
  selectOrderNotices(orders, acknowledgedOrderChanges(commands), shopperCancelledOrders(commands), now);

describe('order changes the shopper did not cause', () => {
  it('given an order just placed and paid on delivery, then there is nothing to tell', () => {
    expect(shown([place()])).toEqual([]);
  });

  it('given an order the shop confirmed then shipped, then both are told, newest first, with the order number', () => {
    const order = move(move(place(), 'confirmed', NOW + MIN), 'shipped', NOW + HOUR);
    expect(shown([order])).toEqual([
      { orderId: order.orderId, orderNumber: 'BG-2026-000001', change: 'shipped', at: NOW + HOUR },
      { orderId: order.orderId, orderNumber: 'BG-2026-000001', change: 'confirmed', at: NOW + MIN },
    ]);
  });

  it('given a shipment acknowledged on another device, then only the confirmation is still told', () => {
    const order = move(move(place(), 'confirmed', NOW + MIN), 'shipped', NOW + HOUR);
    const [shipped] = shown([order]);
    expect(shown([order], [acknowledgement([shipped!])]).map((c) => c.change)).toEqual(['confirmed']);
  });

  it("given this device's acknowledgement still waiting to be sent, then the change is hidden at once", () => {
    const order = move(place(), 'confirmed', NOW + MIN);
    expect(shown([order], [acknowledgement(shown([order]), 'pending')])).toEqual([]);
  });

  it('given an acknowledgement the server refused, then the change is still told', () => {
    const order = move(place(), 'confirmed', NOW + MIN);
    expect(shown([order], [acknowledgement(shown([order]), 'rejected')])).toHaveLength(1);
  });

  it('given the shop cancelled an order, then it is told as cancelled by the shop', () => {
    const order = move(place(), 'cancelled', NOW + MIN);
    expect(shown([order]).map((c) => c.change)).toEqual(['cancelled']);
  });

  it('given the shopper cancelled the order themselves, then it is not told back to them', () => {
    const order = place();
    const cancelled = decideCancel('guest-a', order.orderId, contextOf([mac], { orders: [order], now: NOW + MIN }));
    if (cancelled.kind !== 'accepted' || !cancelled.event) throw new Error('not cancelled');
    const theirs = envelope('order.cancel', { orderId: order.orderId }, 'succeeded');
    expect(shown([cancelled.event.order], [theirs])).toEqual([]);
  });

  it('given a change older than the notice lifetime, then it is no longer told', () => {
    const order = move(place(), 'confirmed', NOW + MIN);
    expect(shown([order], [], NOW + MIN + NOTICE_LIFETIME_MS)).toEqual([]);
  });
});

describe('payments decided by the server', () => {
  it('given a card order that waits for its payment, then "pay now" is told until it is due', () => {
    const order = place('card');
    expect(shown([order], [], NOW + MIN).map((c) => c.change)).toEqual(['payment_awaiting']);
    expect(shown([order], [], NOW + HOUR)).toEqual([]);
  });

  it('given a payment in progress, then "pay now" is not told', () => {
    const start = decideStart(place('card'), '0190f3a0-0000-7000-8000-0000000000a1', NOW + MIN);
    if (start.kind !== 'accepted') throw new Error(start.code);
    expect(shown([start.order], [], NOW + 2 * MIN)).toEqual([]);
  });

  it('given the provider paid the order, then the payment is told once, at the time it was paid', () => {
    const attemptId = '0190f3a0-0000-7000-8000-0000000000a2';
    const start = decideStart(place('card'), attemptId, NOW + MIN);
    if (start.kind !== 'accepted') throw new Error(start.code);
    const paid = decideVerdict(start.order, attemptId, { kind: 'paid', message: 'OK' }, NOW + 2 * MIN).order;
    expect(shown([paid], [], NOW + 3 * MIN)).toEqual([
      { orderId: paid.orderId, orderNumber: paid.orderNumber, change: 'payment_paid', at: NOW + 2 * MIN },
    ]);
  });

  it('given the provider declined the payment, then the decline is told while the order can still be paid', () => {
    const attemptId = '0190f3a0-0000-7000-8000-0000000000a3';
    const start = decideStart(place('card'), attemptId, NOW + MIN);
    if (start.kind !== 'accepted') throw new Error(start.code);
    const declined = decideVerdict(
      start.order,
      attemptId,
      { kind: 'declined', code: '05', message: 'Отказана' },
      NOW + 2 * MIN,
    ).order;
    expect(shown([declined], [], NOW + 3 * MIN).map((c) => [c.change, c.at])).toEqual([
      ['payment_declined', NOW + 2 * MIN],
    ]);
  });

  it('given an unpaid order expired and its stock released, then it is told once, as not paid in time', () => {
    const expired = decideExpire(place('card'), NOW + HOUR);
    if (expired.kind !== 'expired') throw new Error('kept');
    expect(shown([expired.event.order], [], NOW + 2 * HOUR).map((c) => [c.change, c.at])).toEqual([
      ['payment_expired', NOW + HOUR],
    ]);
  });
});

describe('the acknowledgement of order changes (zod at the push)', () => {
  const parsed = (payload: unknown) =>
    parseCommand({ ...envelope('notices.acknowledge', payload as Record<string, unknown>, 'pending') });

  it('given an order change named by order, kind and time, then it is taken', () => {
    const ok = parsed({
      notices: [],
      orderChanges: [{ orderId: '0f8fad5b-d9cb-469f-a165-70867728950e', change: 'shipped', at: NOW }],
    });
    expect(ok.ok).toBe(true);
  });

  it('given a kind of change the store does not know, then it is refused naming the field', () => {
    const bad = parsed({
      notices: [],
      orderChanges: [{ orderId: '0f8fad5b-d9cb-469f-a165-70867728950e', change: 'teleported', at: NOW }],
    });
    expect(bad).toMatchObject({ ok: false, field: 'payload.orderChanges.0.change' });
  });

  it('given nothing named at all, then it is refused', () => {
    expect(parsed({ notices: [], orderChanges: [] })).toMatchObject({ ok: false, field: 'payload.notices' });
    expect(parsed({ notices: [] })).toMatchObject({ ok: false, field: 'payload.notices' });
  });
});
