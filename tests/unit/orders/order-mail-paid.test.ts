import { describe, expect, it } from 'vitest';
import type { Order } from '../../../schema/orders/order.ts';
import { orderMail, paymentMail } from '../../../sync-server/orders/order-mail.ts';
import { anOrder } from '../../support/order-document.ts';
import { validDetails } from '../../support/orders.ts';

const PLACED = Date.UTC(2026, 11, 6, 10, 0);
const PAID = Date.UTC(2026, 11, 6, 10, 5); // 12:05 in Sofia

const paidByCard: Order = anOrder(
  {
    status: 'shipped',
    details: { ...validDetails, payment: { paymentMethod: 'card' } },
    paymentMethod: 'card',
    payment: {
      provider: 'borica',
      status: 'paid',
      attempts: [
        {
          attemptId: 'a1',
          providerRef: '000001',
          status: 'paid',
          card: '5100 77** **** 0022',
          createdAt: PLACED,
          updatedAt: PAID,
        },
      ],
      dueBy: PLACED + 3_600_000,
      paidAt: PAID,
      paidEur: 25_816,
      paidBy: 'a1',
    },
    updatedAt: PAID,
  },
  PLACED,
);

// Issue 29 item 5: a paid order's e-mails say what was paid, how and when.
describe("a paid order's e-mails", () => {
  it('the status e-mail of a paid order says the amount paid, by which card, and when', () => {
    const { body } = orderMail(paidByCard);
    expect(body).toMatch(/Платена сума: 258,16\s€ .*карта 5100 77\*\* \*\*\*\* 0022, на 6\.12\.2026 г\.,? 12:05/);
    expect(body).toMatch(/Amount paid: €258\.16 .*card 5100 77\*\* \*\*\*\* 0022, on 06\/12\/2026,? 12:05/);
    expect(body).not.toMatch(/Дължим/);
  });

  it('the "paid" e-mail says the same', () => {
    const { body } = paymentMail(paidByCard, 'paid');
    expect(body).toMatch(/Платена сума: 258,16\s€ .*на 6\.12\.2026 г\.,? 12:05/);
  });

  it('an order not paid yet says nothing of a payment', () => {
    const { body } = orderMail({ ...paidByCard, payment: { ...paidByCard.payment!, status: 'awaiting' } });
    expect(body).not.toMatch(/Платена сума|Amount paid/);
  });
});
