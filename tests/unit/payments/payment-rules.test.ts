import { describe, expect, it } from 'vitest';
import { unitPriceEurOf } from '../../../schema/checkout/totals.ts';
import type { Order } from '../../../schema/orders/order.ts';
import { decideOrder, type OrderContext } from '../../../schema/orders/order-rules.ts';
import {
  decideExcessRefund,
  decideExpire,
  decideRefund,
  decideStart,
  decideSwitchToOffline,
  decideVerdict,
  evolveExcessRefund,
  evolveRefund,
  PROVIDER_WINDOW_MS,
} from '../../../schema/payments/payment-rules.ts';
import { placePayload, productOf, validDetails } from '../../support/orders.ts';
import { cancelCommand, contextOf, placeCommand } from '../orders/order-context.ts';

const NOW = 1_790_000_000_000;
const DUE_MS = 60 * 60_000;
const A1 = '0190f3a0-0000-7000-8000-000000000001';
const A2 = '0190f3a0-0000-7000-8000-000000000002';

const mac = productOf('MBA13', 199_900, 3);
const ebook = productOf('EBOOK', 1_000, 100, { type_id: 'downloadable' } as Partial<typeof mac>);

const withPayments = (ctx: OrderContext, available = true): OrderContext => ({
  ...ctx,
  payments: { dueMs: DUE_MS, available: () => available },
});

const placed = (paymentMethod: 'card' | 'paypal' | 'cashondelivery' = 'card', product = mac): Order => {
  const details = { ...validDetails, payment: { paymentMethod } };
  const decision = decideOrder(
    placeCommand(
      placePayload([{ sku: product.sku, qty: 1, unitPriceInclTaxEur: unitPriceEurOf(product.priceInclTax) }], {
        details,
      }),
    ),
    withPayments(contextOf([product], { now: NOW })),
  );
  if (decision.kind !== 'accepted' || !decision.event) throw new Error(`not placed: ${JSON.stringify(decision)}`);
  return decision.event.order;
};

const started = (order: Order, attemptId = A1, now = NOW + 1_000): Order => {
  const decision = decideStart(order, attemptId, now);
  if (decision.kind !== 'accepted') throw new Error(`not started: ${decision.code}`);
  return decision.order;
};

const paid = { kind: 'paid', message: 'Одобрена', card: '5100 77** **** 0022' } as const;
const declined = { kind: 'declined', code: '05', message: 'Отказана' } as const;

describe('placing an order paid online', () => {
  it('given a card order, when placed, then its payment awaits, due after the window', () => {
    expect(placed('card').payment).toEqual({
      provider: 'borica',
      status: 'awaiting',
      attempts: [],
      dueBy: NOW + DUE_MS,
    });
  });

  it('given cash on delivery, when placed, then the order has no payment to take', () => {
    expect(placed('cashondelivery').payment).toBeUndefined();
  });

  it('given a provider this server is not configured for, when placed, then it is refused naming the method', () => {
    const details = { ...validDetails, payment: { paymentMethod: 'paypal' } } as const;
    const decision = decideOrder(
      placeCommand(placePayload([{ sku: mac.sku, qty: 1, unitPriceInclTaxEur: unitPriceEurOf(199_900) }], { details })),
      withPayments(contextOf([mac], { now: NOW }), false),
    );
    expect(decision).toMatchObject({
      kind: 'refused',
      code: 'payment_unavailable',
      field: 'details.payment.paymentMethod',
    });
  });
});

describe('starting a payment', () => {
  it('given an order awaiting payment, when started, then one attempt is open and the payment processing', () => {
    const order = started(placed());
    expect(order.payment?.status).toBe('processing');
    expect(order.payment?.attempts).toMatchObject([{ attemptId: A1, status: 'open' }]);
  });

  it('given the same attempt started again (a repeated push), then it is the one attempt, unchanged', () => {
    const order = started(placed());
    expect(decideStart(order, A1, NOW + 2_000)).toMatchObject({ kind: 'accepted', order, fresh: false });
  });

  it('given an attempt open, when another starts (a double click, a second tab), then it is refused', () => {
    expect(decideStart(started(placed()), A2, NOW + 2_000)).toMatchObject({
      kind: 'refused',
      code: 'payment_in_progress',
    });
  });

  it('given the due time passed, when started, then it is refused as overdue', () => {
    expect(decideStart(placed(), A1, NOW + DUE_MS)).toMatchObject({ kind: 'refused', code: 'payment_overdue' });
  });

  it('given a paid or an offline order, when started, then it is refused', () => {
    const paidOrder = decideVerdict(started(placed()), A1, paid, NOW + 5_000).order;
    expect(decideStart(paidOrder, A2, NOW + 6_000)).toMatchObject({ kind: 'refused', code: 'payment_not_payable' });
    expect(decideStart(placed('cashondelivery'), A1, NOW)).toMatchObject({
      kind: 'refused',
      code: 'payment_not_payable',
    });
  });
});

describe('a provider verdict', () => {
  it('given an open attempt, when paid, then the payment is paid with its amount; the order keeps its status', () => {
    const order = started(placed());
    const decision = decideVerdict(order, A1, paid, NOW + 5_000);
    expect(decision).toMatchObject({ changed: true, paidNow: true, excess: false });
    expect(decision.order.status).toBe('received');
    expect(decision.order.payment).toMatchObject({
      status: 'paid',
      paidAt: NOW + 5_000,
      paidEur: order.totals.grandTotalEur,
      attempts: [{ attemptId: A1, status: 'paid', card: '5100 77** **** 0022', message: 'Одобрена' }],
    });
  });

  it('given a paid attempt, when the same verdict comes again (a repeated BACKREF), then nothing changes', () => {
    const once = decideVerdict(started(placed()), A1, paid, NOW + 5_000).order;
    expect(decideVerdict(once, A1, paid, NOW + 9_000)).toMatchObject({ order: once, changed: false, paidNow: false });
  });

  it('given a declined attempt, then the payment awaits again and a retry opens a second attempt', () => {
    const afterDecline = decideVerdict(started(placed()), A1, declined, NOW + 5_000).order;
    expect(afterDecline.payment).toMatchObject({ status: 'awaiting', attempts: [{ status: 'declined', code: '05' }] });
    const retried = started(afterDecline, A2, NOW + 6_000);
    expect(retried.payment?.attempts.map((a) => a.status)).toEqual(['declined', 'open']);
  });

  it('given pending, then the attempt is pending and the payment still processing', () => {
    const order = decideVerdict(started(placed()), A1, { kind: 'pending', message: 'Изчаква' }, NOW + 5_000).order;
    expect(order.payment).toMatchObject({ status: 'processing', attempts: [{ status: 'pending' }] });
  });

  it("given unknown inside the provider's window, then the attempt stays open (the shopper may be paying)", () => {
    const order = started(placed());
    expect(decideVerdict(order, A1, { kind: 'unknown' }, NOW + 60_000)).toMatchObject({ changed: false });
  });

  it("given unknown after the provider's window, then the payment awaits again", () => {
    const order = started(placed());
    const later = NOW + 1_000 + PROVIDER_WINDOW_MS.borica;
    expect(decideVerdict(order, A1, { kind: 'unknown' }, later).order.payment).toMatchObject({
      status: 'awaiting',
      attempts: [{ status: 'unknown' }],
    });
  });

  it('given an order paid by one attempt, when an earlier one is paid too, then it is listed for a refund', () => {
    const firstDeclinedThenUnknown = decideVerdict(
      started(placed()),
      A1,
      { kind: 'unknown' },
      NOW + 1_000 + PROVIDER_WINDOW_MS.borica,
    ).order;
    const paidBySecond = decideVerdict(started(firstDeclinedThenUnknown, A2, NOW + 2e6), A2, paid, NOW + 2e6 + 1).order;
    const late = decideVerdict(paidBySecond, A1, paid, NOW + 3e6);
    expect(late).toMatchObject({ changed: true, paidNow: false, excess: true });
    expect(late.order.payment?.excessAttempts).toEqual([A1]);
    expect(late.order.payment?.paidEur).toBe(paidBySecond.payment?.paidEur);
  });

  it('given a declined attempt, when the provider says after all it was paid, then the money is not lost', () => {
    const afterDecline = decideVerdict(started(placed()), A1, declined, NOW + 5_000).order;
    expect(decideVerdict(afterDecline, A1, paid, NOW + 9_000)).toMatchObject({ paidNow: true });
  });
});

describe('expiry', () => {
  it('given an order awaiting past its due time, then it is cancelled, its payment expired, its stock released', () => {
    const order = placed();
    const decision = decideExpire(order, NOW + DUE_MS);
    expect(decision).toMatchObject({
      kind: 'expired',
      event: { order: { status: 'cancelled', payment: { status: 'expired' } }, stock: [{ sku: mac.sku, delta: 1 }] },
    });
  });

  it('given an order not yet due, or with a payment in progress, then it is kept', () => {
    expect(decideExpire(placed(), NOW + DUE_MS - 1)).toEqual({ kind: 'kept' });
    expect(decideExpire(started(placed()), NOW + DUE_MS + 1)).toEqual({ kind: 'kept' });
  });
});

describe('switching to an offline method', () => {
  it('given an order awaiting payment, when switched to cash on delivery, then it has no online payment', () => {
    const decision = decideSwitchToOffline(placed(), 'cashondelivery', [{ typeId: 'simple' }], NOW + 1);
    expect(decision).toMatchObject({ kind: 'accepted', changed: true, order: { paymentMethod: 'cashondelivery' } });
    expect(decision.kind === 'accepted' && decision.order.payment).toBe(undefined);
  });

  it('given an attempt open, when switched, then it is refused (the money may be taken any moment)', () => {
    expect(decideSwitchToOffline(started(placed()), 'banktransfer', [], NOW)).toMatchObject({
      kind: 'refused',
      code: 'payment_in_progress',
    });
  });

  it('given an order that never ships, when switched to cash on delivery, then it is refused; transfer is fine', () => {
    const order = placed('card', ebook);
    expect(decideSwitchToOffline(order, 'cashondelivery', [{ typeId: 'downloadable' }], NOW)).toMatchObject({
      kind: 'refused',
      code: 'payment_unavailable',
    });
    expect(decideSwitchToOffline(order, 'banktransfer', [{ typeId: 'downloadable' }], NOW)).toMatchObject({
      kind: 'accepted',
    });
  });
});

describe('refunds', () => {
  const paidOrder = (): Order => decideVerdict(started(placed()), A1, paid, NOW + 5_000).order;

  it('given a paid order, when refunded in full, then the payment is refunded', () => {
    const order = paidOrder();
    const decision = decideRefund(order, undefined);
    expect(decision).toEqual({ kind: 'accepted', amountEur: order.totals.grandTotalEur, attemptId: A1 });
    expect(evolveRefund(order, order.totals.grandTotalEur, NOW + 9_000).payment).toMatchObject({
      status: 'refunded',
      refundedEur: order.totals.grandTotalEur,
    });
  });

  it('given a part refunded, then more than what is left is refused', () => {
    const order = evolveRefund(paidOrder(), 1_000, NOW + 9_000);
    expect(order.payment?.status).toBe('paid');
    expect(decideRefund(order, order.totals.grandTotalEur)).toMatchObject({ kind: 'refused', field: 'amountEur' });
  });

  it('given a double charge listed, when the operator gives it back, then it is no longer listed; paid stays', () => {
    const unknownFirst = decideVerdict(
      started(placed()),
      A1,
      { kind: 'unknown' },
      NOW + 1_000 + PROVIDER_WINDOW_MS.borica,
    ).order;
    const paidBySecond = decideVerdict(started(unknownFirst, A2, NOW + 2e6), A2, paid, NOW + 2e6 + 1).order;
    const doubled = decideVerdict(paidBySecond, A1, paid, NOW + 3e6).order;
    expect(decideExcessRefund(doubled, A1)).toEqual({
      kind: 'accepted',
      amountEur: doubled.totals.grandTotalEur,
      attemptId: A1,
    });
    expect(decideExcessRefund(doubled, A2)).toMatchObject({ kind: 'refused', field: 'attemptId' });
    const after = evolveExcessRefund(doubled, A1, NOW + 4e6);
    expect(after.payment?.excessAttempts).toBeUndefined();
    expect(after.payment?.status).toBe('paid');
    expect(decideRefund(after, undefined)).toMatchObject({ kind: 'accepted', attemptId: A2 });
  });

  it('given an unpaid order, when refunded, then it is refused', () => {
    expect(decideRefund(placed(), undefined)).toMatchObject({ kind: 'refused', code: 'refund_not_possible' });
  });
});

describe("the shopper's cancel", () => {
  it('given a payment open at the provider, when the shopper cancels, then it is refused until it settles', () => {
    const order = started(placed());
    const ctx = contextOf([mac], { orders: [order], now: NOW + 2_000 });
    expect(decideOrder(cancelCommand(order.orderId), ctx)).toMatchObject({
      kind: 'refused',
      code: 'order_not_cancellable',
    });
    const declinedOrder = decideVerdict(order, A1, declined, NOW + 3_000).order;
    const after = contextOf([mac], { orders: [declinedOrder], now: NOW + 4_000 });
    expect(decideOrder(cancelCommand(order.orderId), after)).toMatchObject({ kind: 'accepted' });
  });
});
