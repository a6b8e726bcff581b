import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersDoc } from '../../schema/orders/order.ts';
import type { OrderPayment } from '../../schema/payments/payment.ts';
import type { BrowserStep } from '../../sync-server/payments/gateway.ts';
import { configurePayments } from '../../sync-server/payments/payment-settings.ts';
import { createPayPalGateway, loadPayPalConfig } from '../../sync-server/payments/paypal/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, type Guest } from '../support/order-world.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startSimulator, type SimulatorProcess } from '../support/simulator-process.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * The payments hub with PayPal's simulator as a separate process (issue 17): approve and capture through the
 * browser's return, a repeated return captured once, the spec's create and execute calls with the capture's answer
 * lost on the way (the reconciler's order lookup settles it), and a shopper's cancel. Captures are counted on the
 * simulator's side.
 */

interface PayPalStats {
  ordersCreated: number;
  capturesCompleted: number;
  capturesByOrder: Record<string, number>;
  maxCapturesPerOrder: number;
}

describe(`payments hub with the PayPal simulator (${storeKind})`, () => {
  let server: RunningServer;
  let sim: SimulatorProcess;
  let unit: number;

  beforeAll(async () => {
    server = await startTestServer(undefined, 'on', undefined, { RECONCILE_INTERVAL_MS: 3_600_000 });
    const credentials = { PAYPAL_SIM_CLIENT_ID: 'test-client', PAYPAL_SIM_SECRET: 'test-secret-value' };
    sim = await startSimulator('paypal', credentials);
    const config = loadPayPalConfig({
      PAYPAL_URL: sim.url,
      PAYPAL_CLIENT_ID: credentials.PAYPAL_SIM_CLIENT_ID,
      PAYPAL_SECRET: credentials.PAYPAL_SIM_SECRET,
      PAYPAL_RETURN_BASE: server.url,
      PAYPAL_TIMEOUT_MS: '2000',
    });
    configurePayments({ dueMs: 3_600_000, gateways: { paypal: createPayPalGateway(config!) } });
    unit = await guestUnitPriceEur(server.url, ORDER_SKU);
  }, 60_000);
  afterAll(async () => {
    await sim?.stop();
    await server?.close();
  });

  const stats = async (): Promise<PayPalStats> => (await (await fetch(`${sim.url}/__sim/stats`)).json()) as PayPalStats;
  const simPost = (path: string, body: unknown) =>
    fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const placePayPalOrder = async (guest: Guest) => {
    const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }], {
      details: { ...validDetails, payment: { paymentMethod: 'paypal' } },
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

  const beginPayment = async (guest: Guest, orderId: string) => {
    const start = guest.command('payment.start', { orderId });
    await guest.push([start]);
    const [settled] = await guest.settled([start.id]);
    const attemptId = settled!.result!['attemptId'] as string;
    const response = await fetch(`${server.url}/api/payments/${attemptId}/begin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(response.status).toBe(200);
    return { attemptId, step: (await response.json()) as BrowserStep };
  };

  it('approve and capture through the return: paid once, a repeated return captures nothing more', async () => {
    const before = await stats();
    const guest = await createGuest(server.url);
    const orderId = await placePayPalOrder(guest);
    const { step } = await beginPayment(guest, orderId);
    expect(step.kind).toBe('redirect');
    const payment = await paymentOf(guest, orderId);
    const paypalId = payment!.attempts[0]!.providerRef;
    expect(paypalId).not.toBe('');

    const approved = (await (await simPost('/__sim/approve', { id: paypalId })).json()) as { returnUrl: string };
    expect(approved.returnUrl.startsWith(`${server.url}/api/payments/paypal/return`)).toBe(true);
    const back = await fetch(approved.returnUrl, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/payment/result/${orderId}`);
    await fetch(approved.returnUrl, { redirect: 'manual' });

    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'paid', attempts: [{ status: 'paid' }] });
    const after = await stats();
    expect(after.capturesCompleted - before.capturesCompleted).toBe(1);
    expect(after.capturesByOrder[paypalId]).toBe(1);
  });

  it("the spec's create and execute, the capture's answer lost: the reconciler settles it, one capture", async () => {
    const guest = await createGuest(server.url);
    const orderId = await placePayPalOrder(guest);
    const created = await postJson(server.url, '/api/ext/paypal/create', { orderId }, guest.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paypalId = created.body.result.id as string;
    // Asked again: the same PayPal order.
    expect((await postJson(server.url, '/api/ext/paypal/create', { orderId }, guest.token)).body.result.id).toBe(
      paypalId,
    );
    await simPost('/__sim/approve', { id: paypalId });
    await simPost('/__sim/faults', { dropNextAnswer: true, on: 'capture' });
    const executed = await postJson(
      server.url,
      '/api/ext/paypal/execute',
      { orderId, paypalOrderId: paypalId },
      guest.token,
    );
    expect(executed.status).toBe(200);
    expect(executed.body.result.status).toBe('processing');

    await server.payments.runOnce(Date.now() + 10 * 60_000);
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'paid' });
    expect((await stats()).capturesByOrder[paypalId]).toBe(1);
    // A repeated execute after the settlement: the status, no capture.
    const again = await postJson(
      server.url,
      '/api/ext/paypal/execute',
      { orderId, paypalOrderId: paypalId },
      guest.token,
    );
    expect(again.body.result.status).toBe('paid');
    expect((await stats()).capturesByOrder[paypalId]).toBe(1);
  });

  it('the shopper cancels at PayPal: the payment awaits again, and a new attempt may pay', async () => {
    const guest = await createGuest(server.url);
    const orderId = await placePayPalOrder(guest);
    const { step } = await beginPayment(guest, orderId);
    const paypalId = (await paymentOf(guest, orderId))!.attempts[0]!.providerRef;
    expect(step.kind).toBe('redirect');
    // PayPal's cancel button sends the payer back to the cancel_url the store gave it, with the order's token.
    const leftPayPal = await fetch(`${sim.url}/checkoutnow/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: paypalId }).toString(),
      redirect: 'manual',
    });
    const cancelUrl = leftPayPal.headers.get('location')!;
    expect(cancelUrl.startsWith(`${server.url}/api/payments/paypal/cancel`)).toBe(true);
    const back = await fetch(cancelUrl, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'awaiting', attempts: [{ status: 'declined' }] });
    expect((await stats()).capturesByOrder[paypalId]).toBeUndefined();
  });

  it("a cancel with only PayPal's order id (no secret of the attempt) declines nothing", async () => {
    const guest = await createGuest(server.url);
    const orderId = await placePayPalOrder(guest);
    await beginPayment(guest, orderId);
    const paypalId = (await paymentOf(guest, orderId))!.attempts[0]!.providerRef;
    for (const query of [`token=${paypalId}`, `token=${paypalId}&key=forged`]) {
      const back = await fetch(`${server.url}/api/payments/paypal/cancel?${query}`, { redirect: 'manual' });
      expect(back.status).toBe(303);
    }
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'processing', attempts: [{ status: 'open' }] });
    // The shopper can still pay the attempt: nobody else closed it.
    const approved = (await (await simPost('/__sim/approve', { id: paypalId })).json()) as { returnUrl: string };
    await fetch(approved.returnUrl, { redirect: 'manual' });
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'paid' });
  });
});
