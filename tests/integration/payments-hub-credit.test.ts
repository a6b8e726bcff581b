import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutTotals } from '../../schema/checkout/totals.ts';
import { creditOffers } from '../../schema/credit/index.ts';
import type { OrdersDoc } from '../../schema/orders/order.ts';
import type { OrderPayment } from '../../schema/payments/payment.ts';
import { createCreditGateway, loadCreditConfig } from '../../sync-server/credit/index.ts';
import { configurePayments } from '../../sync-server/payments/payment-settings.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock, type Guest } from '../support/order-world.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startSimulator, type SimulatorProcess } from '../support/simulator-process.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { CREDIT_APPLICANT } from '../support/credit-applicant.ts';

/**
 * The payments hub with the credit providers' simulator (issue 17): an application approved at once is paid when the
 * browser begins it (nothing to do at a provider's page); one that asks for documents stays processing until the
 * provider decides, which the reconciler learns.
 */
describe(`payments hub with the credit simulator (${storeKind})`, () => {
  let server: RunningServer;
  let sim: SimulatorProcess;
  let unit: number;
  const API_KEY = 'credit-test-key-123';

  beforeAll(async () => {
    server = await startTestServer(undefined, 'on', undefined, { RECONCILE_INTERVAL_MS: 3_600_000 });
    sim = await startSimulator('credit', { CREDIT_SIM_API_KEY: API_KEY });
    const config = loadCreditConfig({ CREDIT_URL: sim.url, CREDIT_API_KEY: API_KEY });
    configurePayments({ dueMs: 3_600_000, gateways: { credit: createCreditGateway(config!) } });
    unit = await guestUnitPriceEur(server.url, ORDER_SKU);
    await setStock(server.db, ORDER_SKU, 100);
  }, 60_000);
  afterAll(async () => {
    await sim?.stop();
    await server?.close();
  });

  const placeCreditOrder = async (guest: Guest, comment?: string) => {
    const lines = [{ sku: ORDER_SKU, qty: 4, unitPriceInclTaxEur: unit }];
    const total = checkoutTotals({ lines, shipping: 'courier', payment: 'credit' }).grandTotalEur;
    const down = 0;
    const offer = creditOffers(total, down, 'unicredit')[0]?.terms[0];
    expect(offer, `a credit offer for ${total}`).toBeDefined();
    const credit = {
      creditProvider: 'unicredit',
      ...CREDIT_APPLICANT,
      firstAmount: down,
      creditAmount: total - down,
      monthsNumber: offer!.months,
      perMonth: offer!.perMonthEur,
      GLP: offer!.glp,
      GPR: offer!.gpr,
      ...(comment ? { comment } : {}),
    } as const;
    const payload = placePayload(lines, {
      details: { ...validDetails, payment: { paymentMethod: 'credit', credit } },
    });
    const place = guest.command('order.place', payload);
    await guest.push([place]);
    const [settled] = await guest.settled([place.id]);
    expect(settled?.status, JSON.stringify(settled?.error)).toBe('succeeded');
    return payload.orderId;
  };

  const paymentOf = async (guest: Guest, orderId: string): Promise<OrderPayment | undefined> => {
    const { documents } = await guest.pull<OrdersDoc>('orders');
    return documents.at(-1)?.orders.find((o) => o.orderId === orderId)?.payment;
  };

  const startAndBegin = async (guest: Guest, orderId: string) => {
    const start = guest.command('payment.start', { orderId });
    await guest.push([start]);
    const [settled] = await guest.settled([start.id]);
    const attemptId = settled!.result!['attemptId'] as string;
    const begin = () =>
      fetch(`${server.url}/api/payments/${attemptId}/begin`, {
        method: 'POST',
        headers: { authorization: `Bearer ${guest.token}` },
      });
    const first = await begin();
    return { first, begin };
  };

  it('an application approved at once: the order is paid when the browser begins it', async () => {
    const guest = await createGuest(server.url);
    const orderId = await placeCreditOrder(guest);
    const { first, begin } = await startAndBegin(guest, orderId);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ kind: 'none' });
    const payment = await paymentOf(guest, orderId);
    expect(payment).toMatchObject({ provider: 'credit', status: 'paid', attempts: [{ status: 'paid' }] });
    expect(payment?.attempts[0]?.providerRef).not.toBe('');
    // Begun again (a second tab): the attempt is settled, nothing more is sent.
    expect((await begin()).status).toBe(409);
  });

  it('an application asking for documents stays processing; the provider decides, the reconciler settles it', async () => {
    const guest = await createGuest(server.url);
    const orderId = await placeCreditOrder(guest, 'моля, документи');
    await startAndBegin(guest, orderId);
    const payment = await paymentOf(guest, orderId);
    expect(payment).toMatchObject({ status: 'processing', attempts: [{ status: 'pending' }] });
    const id = payment!.attempts[0]!.providerRef;
    const decided = await fetch(`${sim.url}/__sim/decide`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, status: 'approved' }),
    });
    expect(decided.status).toBe(200);
    await server.payments.runOnce(Date.now() + 10 * 60_000);
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'paid' });
  });
});
