import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersDoc } from '../../schema/orders/order.ts';
import type { OrderPayment } from '../../schema/payments/payment.ts';
import { createBoricaGateway, loadBoricaConfig } from '../../sync-server/payments/borica/index.ts';
import type { BrowserStep } from '../../sync-server/payments/gateway.ts';
import { configurePayments } from '../../sync-server/payments/payment-settings.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock, stockMovesOf, stockOf, type Guest } from '../support/order-world.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startSimulator, type SimulatorProcess } from '../support/simulator-process.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/**
 * The payments hub with BORICA's simulator as the separate process it stands in for (issue 17): a card order paid
 * through the signed form and BACKREF, declined then retried with a new ORDER, a lost BACKREF resolved by the
 * reconciler's TRTYPE 90, duplicates (payment.start pushed twice, BACKREF posted twice) settled once, an unpaid order
 * expired with its stock released, a refund made once, and a switch to cash on delivery. Charges are counted on the
 * simulator's side (/__sim/stats).
 */

const APPROVE = '5100770000000022';
const DECLINE = '5555000000070019';
const DUE_MS = 60 * 60_000;

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

interface SimStats {
  sales: { approved: number; declined: number };
  charges: { order: string; amount: string; rc: string }[];
  reversals: { order: string; amount: string }[];
}

describe(`payments hub with the BORICA simulator (${storeKind})`, () => {
  let server: RunningServer;
  let sim: SimulatorProcess;
  let unit: number;

  beforeAll(async () => {
    // The reconciler runs only when a test calls it.
    server = await startTestServer(undefined, 'on', undefined, { RECONCILE_INTERVAL_MS: 3_600_000 });
    const merchant = pem();
    const gatewayKeys = pem();
    sim = await startSimulator('borica', {
      BORICA_SIM_TERMINAL: 'V1800001',
      BORICA_SIM_PRIVATE_KEY: gatewayKeys.privateKey,
      BORICA_SIM_MERCHANT_PUBLIC_KEY: merchant.publicKey,
      BORICA_SIM_BACKREF: `${server.url}/api/payments/borica/backref`,
    });
    const config = loadBoricaConfig({
      BORICA_URL: sim.url,
      BORICA_TERMINAL: 'V1800001',
      BORICA_MERCHANT: '1600000001',
      BORICA_MERCH_NAME: 'Apple Store BG',
      BORICA_MERCH_URL: server.url,
      BORICA_MERCHANT_KEY: merchant.privateKey,
      BORICA_GATEWAY_PUBLIC_KEY: gatewayKeys.publicKey,
      BORICA_TIMEOUT_MS: '1000',
    });
    // The simulator's BACKREF needs the store's address, so its gateway is set once both run.
    configurePayments({ dueMs: DUE_MS, gateways: { borica: createBoricaGateway(config!) } });
    unit = await guestUnitPriceEur(server.url, ORDER_SKU);
  }, 60_000);
  afterAll(async () => {
    await sim?.stop();
    await server?.close();
  });

  const stats = async (): Promise<SimStats> => (await (await fetch(`${sim.url}/__sim/stats`)).json()) as SimStats;

  const placeCardOrder = async (guest: Guest, qty = 1) => {
    const payload = placePayload([{ sku: ORDER_SKU, qty, unitPriceInclTaxEur: unit }], {
      details: { ...validDetails, payment: { paymentMethod: 'card' } },
    });
    const place = guest.command('order.place', payload);
    await guest.push([place]);
    const [settled] = await guest.settled([place.id]);
    expect(settled?.status, JSON.stringify(settled?.error)).toBe('succeeded');
    return { orderId: payload.orderId, orderNumber: settled!.result!['orderNumber'] as string };
  };

  const paymentOf = async (guest: Guest, orderId: string): Promise<OrderPayment | undefined> => {
    const { documents } = await guest.pull<OrdersDoc>('orders');
    return documents.at(-1)?.orders.find((o) => o.orderId === orderId)?.payment;
  };

  const startPayment = async (guest: Guest, orderId: string) => {
    const start = guest.command('payment.start', { orderId });
    await guest.push([start]);
    const [settled] = await guest.settled([start.id]);
    return settled!;
  };

  const begin = async (guest: Guest, attemptId: string) => {
    const response = await fetch(`${server.url}/api/payments/${attemptId}/begin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guest.token}` },
    });
    return { status: response.status, step: (await response.json()) as BrowserStep };
  };

  /** The shopper's browser: posts the signed form to the gateway, pays with a test card, gets the BACKREF answer. */
  const payAtGateway = async (step: BrowserStep, card: string) => {
    if (step.kind !== 'post-form') throw new Error(`expected a form, got ${step.kind}`);
    const page = await fetch(step.url, { method: 'POST', body: new URLSearchParams(step.fields) });
    expect(page.status).toBe(200);
    const paid = await fetch(`${sim.url}/__sim/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ORDER: step.fields['ORDER'], card }),
    });
    return (await paid.json()) as { backref?: string; fields?: Record<string, string>; dropped?: boolean };
  };

  const postBackref = async (backref: string, fields: Record<string, string>) => {
    const response = await fetch(backref, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location') };
  };

  it('the checkout is told the methods this server takes: card with its gateway, not PayPal or credit without', async () => {
    const taken = await fetch(`${server.url}/api/payments/methods`);
    expect(await taken.json()).toMatchObject({ result: { methods: ['cashondelivery', 'banktransfer', 'card'] } });
  });

  it('a card order is paid through the form and BACKREF, once, and the order shows it paid', async () => {
    const before = (await stats()).charges.length;
    const guest = await createGuest(server.url);
    const { orderId } = await placeCardOrder(guest);
    expect(await paymentOf(guest, orderId)).toMatchObject({ provider: 'borica', status: 'awaiting' });

    // Pay pressed twice (a double click queued two commands): one attempt, the second refused while it is open.
    const first = await startPayment(guest, orderId);
    const second = await startPayment(guest, orderId);
    expect(first.status).toBe('succeeded');
    expect(second).toMatchObject({ status: 'rejected', error: { code: 'payment_in_progress' } });
    const attemptId = first.result!['attemptId'] as string;
    expect(first.result!['providerRef']).toMatch(/^\d{6}$/);

    const { status, step } = await begin(guest, attemptId);
    expect(status).toBe(200);
    expect(step).toMatchObject({ kind: 'post-form', fields: { ORDER: first.result!['providerRef'], TRTYPE: '1' } });
    const answer = await payAtGateway(step, APPROVE);
    const back = await postBackref(answer.backref!, answer.fields!);
    expect(back).toEqual({ status: 303, location: `/payment/result/${orderId}` });
    // The same BACKREF again (a reload): one settlement.
    expect(await postBackref(answer.backref!, answer.fields!)).toEqual(back);

    const payment = await paymentOf(guest, orderId);
    expect(payment).toMatchObject({ status: 'paid', attempts: [{ attemptId, status: 'paid' }] });
    expect(payment?.attempts[0]?.card).toBeTruthy();
    expect((await stats()).charges.length - before).toBe(1);
    const mails = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mail_outbox WHERE subject LIKE 'Плащане по поръчка%' AND body LIKE '%платена%'",
    );
    expect(mails[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('an order placed offline and its payment started in the same push: the start sees the order', async () => {
    const guest = await createGuest(server.url);
    const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }], {
      details: { ...validDetails, payment: { paymentMethod: 'card' } },
    });
    const place = guest.command('order.place', payload);
    const start = guest.command('payment.start', { orderId: payload.orderId });
    await guest.push([place, start]);
    const settled = await guest.settled([place.id, start.id]);
    expect(settled.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    expect(settled[1]?.result?.['providerRef']).toMatch(/^\d{6}$/);
    expect(await paymentOf(guest, payload.orderId)).toMatchObject({
      status: 'processing',
      attempts: [{ attemptId: start.id, status: 'open' }],
    });
    const [row] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = $1',
      [payload.orderId],
    );
    expect(row?.n).toBe(1);
  });

  it('a push that pays an earlier order first, then places and pays another: the new order as stored has its try, which the shopper can pay', async () => {
    // Found by the fault harness (tools/faults.ts, seed 3012 on PostgreSQL): a device whose pushes were held back by
    // the network sent them together; the payment feature, opened first by the earlier order's start, wrote the new
    // order with its try, then the order feature wrote its copy from before the start over it. The device showed
    // "processing" while the stored order had no try: begin refused it (409) and nothing could pay it.
    const guest = await createGuest(server.url);
    const earlier = await placeCardOrder(guest);
    const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }], {
      details: { ...validDetails, payment: { paymentMethod: 'card' } },
    });
    const startEarlier = guest.command('payment.start', { orderId: earlier.orderId });
    const place = guest.command('order.place', payload);
    const start = guest.command('payment.start', { orderId: payload.orderId });
    await guest.push([startEarlier, place, start]);
    const settled = await guest.settled([startEarlier.id, place.id, start.id]);
    expect(settled.map((c) => c.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);

    const [stored] = await server.db.query<{ doc: { payment?: OrderPayment } }>(
      'SELECT doc FROM orders WHERE order_id = $1',
      [payload.orderId],
    );
    expect(stored?.doc.payment).toMatchObject({ status: 'processing', attempts: [{ attemptId: start.id }] });
    expect(await paymentOf(guest, payload.orderId)).toMatchObject({ status: 'processing' });
    const { status, step } = await begin(guest, start.id);
    expect(status).toBe(200);
    expect(step).toMatchObject({ kind: 'post-form' });
  });

  it("the payment's settlement reaches the shopper's open live stream", async () => {
    const guest = await createGuest(server.url);
    const { orderId } = await placeCardOrder(guest);
    const started = await startPayment(guest, orderId);
    const { step } = await begin(guest, started.result!['attemptId'] as string);
    const abort = new AbortController();
    const stream = await fetch(`${server.url}/sync/stream`, {
      headers: { authorization: `Bearer ${guest.token}` },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const paidEvent = (async () => {
      // An orders change whose order is paid: the stream may carry the document or announce it for a pull.
      while (!/event: changes[^\n]*\ndata: [^\n]*"orders"[^\n]*"status":"paid"/.test(seen)) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += decoder.decode(value, { stream: true });
      }
      return seen;
    })();
    const answer = await payAtGateway(step, APPROVE);
    await postBackref(answer.backref!, answer.fields!);
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
    const outcome = await Promise.race([paidEvent, timeout]);
    abort.abort();
    expect(outcome).toMatch(/"status":"paid"/);
  });

  it('a declined card, then a retry with a new ORDER through the spec call, paid', async () => {
    const guest = await createGuest(server.url);
    const { orderId } = await placeCardOrder(guest);
    const first = await startPayment(guest, orderId);
    const { step } = await begin(guest, first.result!['attemptId'] as string);
    const declined = await payAtGateway(step, DECLINE);
    await postBackref(declined.backref!, declined.fields!);
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'awaiting', attempts: [{ status: 'declined' }] });

    const retry = (key: string) =>
      fetch(`${server.url}/api/order/borica-payment-retry`, {
        method: 'POST',
        headers: { authorization: `Bearer ${guest.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ orderId }),
      });
    const answer = (await (await retry('retry-1')).json()) as { code: number; result: { step: BrowserStep } };
    expect(answer.code).toBe(200);
    const retryStep = answer.result.step;
    expect(retryStep.kind === 'post-form' && retryStep.fields['ORDER']).not.toBe(
      step.kind === 'post-form' && step.fields['ORDER'],
    );
    // The same Idempotency-Key: the same attempt (its form again, the same ORDER).
    const again = (await (await retry('retry-1')).json()) as { result: { step: BrowserStep } };
    expect(again.result.step.kind === 'post-form' && again.result.step.fields['ORDER']).toBe(
      retryStep.kind === 'post-form' && retryStep.fields['ORDER'],
    );
    const paid = await payAtGateway(retryStep, APPROVE);
    await postBackref(paid.backref!, paid.fields!);
    const payment = await paymentOf(guest, orderId);
    expect(payment?.status).toBe('paid');
    expect(payment?.attempts.map((a) => a.status)).toEqual(['declined', 'paid']);
  });

  it('a BACKREF lost on the way: the reconciler asks the gateway (TRTYPE 90) and the order is paid', async () => {
    const before = (await stats()).charges.length;
    const guest = await createGuest(server.url);
    const { orderId } = await placeCardOrder(guest);
    const started = await startPayment(guest, orderId);
    const { step } = await begin(guest, started.result!['attemptId'] as string);
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dropBackref: true }),
    });
    expect(await payAtGateway(step, APPROVE)).toMatchObject({ dropped: true });
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'processing' });

    await server.payments.runOnce(Date.now() + 10 * 60_000);
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'paid' });
    expect((await stats()).charges.length - before).toBe(1);
  });

  it('the status check times out: the attempt stays in doubt, the next round settles it, one charge', async () => {
    const before = (await stats()).charges.length;
    const guest = await createGuest(server.url);
    const { orderId } = await placeCardOrder(guest);
    const started = await startPayment(guest, orderId);
    const { step } = await begin(guest, started.result!['attemptId'] as string);
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dropBackref: true }),
    });
    await payAtGateway(step, APPROVE);
    // The gateway answers TRTYPE 90 after the store gave up waiting.
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ delayMs: 2_500 }),
    });
    const late = Date.now() + 10 * 60_000;
    const first = await server.payments.runOnce(late);
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'processing' });
    await server.payments.runOnce(late + 60 * 60_000);
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'paid' });
    expect((await stats()).charges.length - before).toBe(1);
  });

  it('an order not paid in time is cancelled and its stock released; a switch to cash on delivery keeps it', async () => {
    await setStock(server.db, ORDER_SKU, 10);
    const guest = await createGuest(server.url);
    const unpaid = await placeCardOrder(guest, 2);
    const switched = await placeCardOrder(guest, 1);
    expect(await stockOf(server.db, ORDER_SKU)).toBe(7);

    const toCash = guest.command('payment.switchToOffline', {
      orderId: switched.orderId,
      paymentMethod: 'cashondelivery',
    });
    await guest.push([toCash]);
    expect((await guest.settled([toCash.id]))[0]?.status).toBe('succeeded');

    const round = await server.payments.runOnce(Date.now() + DUE_MS + 1_000);
    expect(round.expired).toBeGreaterThanOrEqual(1);
    const { documents } = await guest.pull<OrdersDoc>('orders');
    const orders = documents.at(-1)!.orders;
    expect(orders.find((o) => o.orderId === unpaid.orderId)).toMatchObject({
      status: 'cancelled',
      payment: { status: 'expired' },
    });
    const cash = orders.find((o) => o.orderId === switched.orderId);
    expect(cash).toMatchObject({ status: 'received', paymentMethod: 'cashondelivery' });
    expect(cash?.payment).toBeUndefined();
    // The expired order's two units are back (other files' orders left in a shared store may expire too: its moves).
    expect(await stockMovesOf(server.db, unpaid.orderId)).toContainEqual(
      expect.objectContaining({ reason: 'release', delta: expect.anything() }),
    );
    const released = (await stockMovesOf(server.db, unpaid.orderId)).find((m) => m.reason === 'release');
    expect(Number(released?.delta)).toBe(2);
    expect(await stockMovesOf(server.db, switched.orderId)).toEqual([expect.objectContaining({ reason: 'reserve' })]);
    expect(await stockOf(server.db, ORDER_SKU)).toBeGreaterThanOrEqual(9);
  });

  it("an operator's refund is made once, reaches the order and the outbox", async () => {
    const guest = await createGuest(server.url);
    const { orderId, orderNumber } = await placeCardOrder(guest);
    const started = await startPayment(guest, orderId);
    const { step } = await begin(guest, started.result!['attemptId'] as string);
    const answer = await payAtGateway(step, APPROVE);
    await postBackref(answer.backref!, answer.fields!);
    const before = (await stats()).reversals.length;

    const operator = await registerLoggedInUser(server.url, 'payments-operator');
    await server.db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [operator.owner]);
    const refund = () => postJson(server.url, `/api/operator/orders/${orderNumber}/refund`, {}, operator.token);
    expect((await postJson(server.url, `/api/operator/orders/${orderNumber}/refund`, {}, guest.token)).status).toBe(
      403,
    );
    const done = await refund();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result.payment).toMatchObject({ status: 'refunded' });
    // Asked again: nothing left to give back, no second reversal.
    expect((await refund()).status).toBe(409);
    expect((await stats()).reversals.length - before).toBe(1);
    expect(await paymentOf(guest, orderId)).toMatchObject({ status: 'refunded' });
    // Issue 30: the operator's request and the provider's answer each left an audit line; the refused repeat none.
    const audit = await server.db.query<{ action: string; actor_email: string; after: Record<string, unknown> }>(
      'SELECT action, actor_email, after FROM ops_audit WHERE target = $1 ORDER BY id',
      [`order:${orderNumber}`],
    );
    expect(audit).toMatchObject([
      { action: 'order.refund.request', actor_email: operator.email },
      {
        action: 'order.refund',
        actor_email: operator.email,
        after: { verdict: 'refunded', paymentStatus: 'refunded' },
      },
    ]);
  });

  it("another shopper's attempt is not found; a forged BACKREF lands on the result page, nothing paid", async () => {
    const guest = await createGuest(server.url);
    const other = await createGuest(server.url);
    const { orderId } = await placeCardOrder(guest);
    const started = await startPayment(guest, orderId);
    const attemptId = started.result!['attemptId'] as string;
    expect((await begin(other, attemptId)).status).toBe(404);
    const forged = await postBackref(`${server.url}/api/payments/borica/backref`, {
      TERMINAL: 'V1800001',
      ORDER: started.result!['providerRef'] as string,
      ACTION: '0',
      RC: '00',
      P_SIGN: 'AB'.repeat(256),
    });
    expect(forged.status).toBe(303);
    expect((await paymentOf(guest, orderId))?.status).toBe('processing');
  });
});
