import { describe, expect, it } from 'vitest';
import type { OrderPayment } from '../../../schema/payments/payment.ts';
import { settlementOf, type SettledOrder } from '../../../schema/payments/settlement.ts';

const PLACED = Date.UTC(2026, 11, 6, 10, 0);
const PAID = Date.UTC(2026, 11, 6, 10, 5);

const order = (over: Partial<SettledOrder> = {}): SettledOrder => ({
  status: 'received',
  paymentMethod: 'card',
  totals: { grandTotalEur: 15_544 },
  history: [{ status: 'received', at: PLACED }],
  ...over,
});

const cardPayment = (over: Partial<OrderPayment> = {}): OrderPayment => ({
  provider: 'borica',
  status: 'awaiting',
  attempts: [],
  dueBy: PLACED + 3_600_000,
  ...over,
});

// Issue 29 item 5: a paid order never says "amount due"; it says what was paid, how and when.
describe('what an order says of its amount', () => {
  it('an order paid by card says what was paid, with which card and when, not that it is due', () => {
    const payment = cardPayment({
      status: 'paid',
      paidAt: PAID,
      paidEur: 15_544,
      paidBy: 'a2',
      attempts: [
        { attemptId: 'a1', providerRef: '000001', status: 'declined', createdAt: PLACED, updatedAt: PLACED },
        {
          attemptId: 'a2',
          providerRef: '000002',
          status: 'paid',
          card: '5100 77** **** 0022',
          createdAt: PAID,
          updatedAt: PAID,
        },
      ],
    });
    expect(settlementOf(order({ payment }))).toEqual({
      kind: 'paid',
      amountEur: 15_544,
      method: 'card',
      at: PAID,
      card: '5100 77** **** 0022',
    });
  });

  it('a card order not paid yet is due', () => {
    expect(settlementOf(order({ payment: cardPayment() }))).toMatchObject({ kind: 'due', amountEur: 15_544 });
  });

  it('cash on delivery is due until delivered, then paid on the day of delivery', () => {
    const cod = order({ paymentMethod: 'cashondelivery' });
    expect(settlementOf(cod)).toMatchObject({ kind: 'due', method: 'cashondelivery' });
    const delivered = { ...cod, status: 'delivered', history: [...cod.history, { status: 'delivered', at: PAID }] };
    expect(settlementOf(delivered)).toEqual({
      kind: 'paid',
      amountEur: 15_544,
      method: 'cashondelivery',
      at: PAID,
      card: null,
    });
  });

  it('a refunded order says what was given back; a cancelled or expired one owes nothing', () => {
    const refunded = cardPayment({ status: 'refunded', paidEur: 15_544, refundedEur: 5_000 });
    expect(settlementOf(order({ payment: refunded }))).toMatchObject({ kind: 'refunded', amountEur: 5_000 });
    expect(settlementOf(order({ status: 'cancelled' }))).toMatchObject({ kind: 'cancelled' });
    expect(settlementOf(order({ payment: cardPayment({ status: 'expired' }) }))).toMatchObject({ kind: 'cancelled' });
  });
});
