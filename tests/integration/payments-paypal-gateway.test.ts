import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAttempt, PaymentGateway } from '../../sync-server/payments/gateway.ts';
import { createPayPalGateway, payPalConfigSchema, PayPalError } from '../../sync-server/payments/paypal/index.ts';
import { startSimulator, type SimulatorProcess } from '../support/simulator-process.ts';

/**
 * The PayPal gateway against the PayPal simulator as a separate process: Orders v2 over HTTP, charges counted on
 * the simulator's side (/__sim/stats).
 */

const CLIENT_ID = `client-${randomUUID()}`;
const SECRET = randomUUID();
const STORE = 'http://store.test';

let sim: SimulatorProcess;
let gateway: PaymentGateway;

interface Stats {
  ordersCreated: number;
  capturesCompleted: number;
  capturesByOrder: Record<string, number>;
  refunds: number;
  refundedCents: number;
  maxCapturesPerOrder: number;
}

const stats = async (): Promise<Stats> => (await (await fetch(`${sim.url}/__sim/stats`)).json()) as Stats;

const simPost = async (path: string, body: unknown) => {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

/** The shopper approves at PayPal (the approve page's button, without a browser). */
const approve = (id: string, decline = false) => simPost('/__sim/approve', { id, decline });

let orderNumber = 100_000_100;
const newAttempt = (over: Partial<PaymentAttempt> = {}): PaymentAttempt => ({
  attemptId: randomUUID(),
  orderId: randomUUID(),
  orderNumber: String((orderNumber += 1)),
  amountEur: 129_999,
  providerRef: '',
  description: `Поръчка ${orderNumber}`,
  shopper: { name: 'Иван Петров', email: 'ivan@example.bg' },
  language: 'bg',
  createdAt: Date.now(),
  ...over,
});

/** Begins an attempt and stores PayPal's order id in it, as the hub does. */
const begun = async (over: Partial<PaymentAttempt> = {}) => {
  const attempt = newAttempt(over);
  const { step, providerRef } = await gateway.begin(attempt);
  return { attempt: { ...attempt, providerRef }, step, id: providerRef };
};

const returnOf = (url: unknown): Record<string, string> =>
  Object.fromEntries(new URL(String(url)).searchParams.entries());

beforeAll(async () => {
  sim = await startSimulator('paypal', { PAYPAL_SIM_CLIENT_ID: CLIENT_ID, PAYPAL_SIM_SECRET: SECRET });
  gateway = createPayPalGateway(
    payPalConfigSchema.parse({
      PAYPAL_URL: sim.url,
      PAYPAL_CLIENT_ID: CLIENT_ID,
      PAYPAL_SECRET: SECRET,
      PAYPAL_RETURN_BASE: STORE,
      PAYPAL_TIMEOUT_MS: 2_000,
    }),
  );
});

afterAll(async () => {
  await sim?.stop();
});

describe('PayPal Orders v2 through the simulator', () => {
  it('given an order, when begun, approved and returned, then the capture makes it paid, one charge', async () => {
    const before = await stats();
    const { attempt, step, id } = await begun();
    expect(step).toEqual({ kind: 'redirect', url: `${sim.url}/checkoutnow?token=${id}` });

    const approved = await approve(id);
    const answer = returnOf(approved['returnUrl']);
    expect(answer).toMatchObject({ token: id });
    expect(answer['PayerID']).toBeTruthy();
    expect(String(approved['returnUrl'])).toMatch(/^http:\/\/store\.test\/api\/payments\/paypal\/return\?/);
    expect(gateway.referenceOf(answer)).toBe(id);

    const verdict = await gateway.settleReturn(attempt, answer);
    expect(verdict).toMatchObject({ kind: 'paid', providerRef: id });
    const after = await stats();
    expect(after.capturesCompleted - before.capturesCompleted).toBe(1);
    expect(after.capturesByOrder[id]).toBe(1);
  });

  it('given the same attempt begun twice, then PayPal holds one order and both answers name it', async () => {
    const before = await stats();
    const attempt = newAttempt();
    const first = await gateway.begin(attempt);
    const second = await gateway.begin(attempt);
    expect(second).toEqual(first);
    expect((await stats()).ordersCreated - before.ordersCreated).toBe(1);
  });

  it('given a capture repeated (a second return, then a status check), then one capture and every answer says paid with it', async () => {
    const { attempt, id } = await begun();
    const answer = returnOf((await approve(id))['returnUrl']);
    const first = await gateway.settleReturn(attempt, answer);
    const second = await gateway.settleReturn(attempt, answer);
    const status = await gateway.status(attempt);
    expect(first).toMatchObject({ kind: 'paid' });
    expect(second).toEqual(first);
    expect(status).toMatchObject({ kind: 'paid', settlementRef: first.kind === 'paid' ? first.settlementRef : '' });
    expect((await stats()).capturesByOrder[id]).toBe(1);
  });

  it('given the capture answer lost on the way back (the capture was made), then the call throws and the status check finds it paid, still one capture', async () => {
    const { attempt, id } = await begun();
    const answer = returnOf((await approve(id))['returnUrl']);
    await simPost('/__sim/faults', { dropNextAnswer: true, on: 'capture' });
    await expect(gateway.settleReturn(attempt, answer)).rejects.toBeInstanceOf(PayPalError);
    expect((await stats()).capturesByOrder[id]).toBe(1);

    expect(await gateway.status(attempt)).toMatchObject({ kind: 'paid', providerRef: id });
    expect((await stats()).capturesByOrder[id]).toBe(1);
  });

  it('given PayPal slower than the timeout on the capture, then the call throws and a later status finds it paid, one capture', async () => {
    const { attempt, id } = await begun();
    const answer = returnOf((await approve(id))['returnUrl']);
    await simPost('/__sim/faults', { delayMs: 3_000, on: 'capture' });
    await expect(gateway.settleReturn(attempt, answer)).rejects.toBeInstanceOf(PayPalError);
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'paid' });
    expect((await stats()).capturesByOrder[id]).toBe(1);
  });

  it('given a create whose answer was lost, when the hub asks the status of the attempt without providerRef, then it learns the one order PayPal made', async () => {
    const before = await stats();
    const attempt = newAttempt();
    await simPost('/__sim/faults', { dropNextAnswer: true, on: 'create' });
    await expect(gateway.begin(attempt)).rejects.toBeInstanceOf(PayPalError);
    const verdict = await gateway.status(attempt);
    expect(verdict).toMatchObject({ kind: 'pending', code: 'PAYER_ACTION_REQUIRED' });
    expect(verdict.providerRef).toMatch(/^[A-Z0-9]{17}$/);
    expect((await stats()).ordersCreated - before.ordersCreated).toBe(1);
  });

  it('given a payer whose funding is declined, then the attempt is declined and may be retried; nothing taken', async () => {
    const before = await stats();
    const { attempt, id } = await begun();
    const answer = returnOf((await approve(id, true))['returnUrl']);
    expect(await gateway.settleReturn(attempt, answer)).toMatchObject({
      kind: 'declined',
      code: 'DECLINED',
      retryable: true,
    });
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'declined' });
    expect((await stats()).capturesCompleted).toBe(before.capturesCompleted);
  });

  it('given an instrument PayPal declines at capture (422 INSTRUMENT_DECLINED), then declined and retryable', async () => {
    const { attempt, id } = await begun();
    await simPost('/__sim/approve', { id, outcome: 'INSTRUMENT_DECLINED' });
    expect(await gateway.settleReturn(attempt, { token: id, PayerID: 'X' })).toMatchObject({
      kind: 'declined',
      code: 'INSTRUMENT_DECLINED',
      retryable: true,
    });
  });

  it('given a capture PayPal holds PENDING, then the attempt is pending; when PayPal completes it, the status check finds it paid', async () => {
    const { attempt, id } = await begun();
    await simPost('/__sim/approve', { id, outcome: 'PENDING' });
    expect(await gateway.settleReturn(attempt, { token: id, PayerID: 'X' })).toMatchObject({
      kind: 'pending',
      code: 'PENDING_REVIEW',
    });
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'pending' });
    expect((await stats()).capturesByOrder[id]).toBeUndefined();

    await simPost('/__sim/settle-capture', { id, status: 'COMPLETED' });
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'paid', providerRef: id });
    expect((await stats()).capturesByOrder[id]).toBe(1);
  });

  it('given a shopper who has not approved yet, then pending and nothing captured; approved later, the capture is made', async () => {
    const { attempt, id } = await begun();
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'pending', providerRef: id });
    expect(await gateway.settleReturn(attempt, { token: id })).toMatchObject({
      kind: 'pending',
      code: 'PAYER_ACTION_REQUIRED',
    });
    expect((await stats()).capturesByOrder[id]).toBeUndefined();
    // Asked before approval, the capture's Request-Id is not spent: approved later, it still captures.
    await approve(id);
    expect(await gateway.settleReturn(attempt, { token: id, PayerID: 'X' })).toMatchObject({ kind: 'paid' });
    expect((await stats()).capturesByOrder[id]).toBe(1);
  });

  it('given a shopper who cancels on the approve page, then the browser goes to the cancel route and the attempt is not paid', async () => {
    const { attempt, id } = await begun();
    const page = await fetch(`${sim.url}/checkoutnow?token=${id}`);
    const html = await page.text();
    expect(html).toContain('ТЕСТОВ ШЛЮЗ PayPal');
    expect(html).toContain('1 299,99 €');
    expect(html).toContain('Одобри плащането');
    expect(html).not.toContain('<script');

    const cancelled = await fetch(`${sim.url}/checkoutnow/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: id }).toString(),
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    const location = cancelled.headers.get('location') ?? '';
    expect(location).toMatch(/^http:\/\/store\.test\/api\/payments\/paypal\/cancel\?/);
    // The cancel route carries only the token; PayPal, asked, still waits for the payer: nothing is captured.
    expect(await gateway.settleReturn(attempt, returnOf(location))).toMatchObject({ kind: 'pending', providerRef: id });
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'pending' });
    expect((await stats()).capturesByOrder[id]).toBeUndefined();
  });

  it('given the approve page submitted, then the browser returns to the store with the token and a PayerID, and the capture pays', async () => {
    const { attempt, id } = await begun();
    const approved = await fetch(`${sim.url}/checkoutnow/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: id, funding: 'ok' }).toString(),
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    const answer = returnOf(approved.headers.get('location'));
    expect(answer).toMatchObject({ token: id });
    expect(await gateway.settleReturn(attempt, answer)).toMatchObject({ kind: 'paid' });
  });

  it('given a VOIDED order, then the attempt is declined', async () => {
    const { attempt, id } = await begun();
    await simPost('/__sim/void', { id });
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'declined', code: 'VOIDED' });
  });

  it('given an order PayPal never heard of, then the status is unknown', async () => {
    expect(await gateway.status(newAttempt({ providerRef: 'NOSUCHORDER000001' }))).toEqual({
      kind: 'unknown',
      providerRef: 'NOSUCHORDER000001',
    });
  });

  it('given a paid attempt refunded, then one refund even when the refund is repeated, and a second refund id is refused', async () => {
    const { attempt, id } = await begun();
    const paid = await gateway.settleReturn(attempt, returnOf((await approve(id))['returnUrl']));
    if (paid.kind !== 'paid') throw new Error(`not paid: ${JSON.stringify(paid)}`);
    const before = await stats();
    const refundId = randomUUID();

    const first = await gateway.refund(attempt, paid.settlementRef, attempt.amountEur, refundId);
    const again = await gateway.refund(attempt, paid.settlementRef, attempt.amountEur, refundId);
    expect(first).toMatchObject({ kind: 'refunded', amountEur: 129_999 });
    expect(again).toEqual(first);
    const after = await stats();
    expect(after.refunds - before.refunds).toBe(1);
    expect(after.refundedCents - before.refundedCents).toBe(129_999);

    expect(await gateway.refund(attempt, paid.settlementRef, attempt.amountEur, randomUUID())).toMatchObject({
      kind: 'refused',
      code: 'CAPTURE_FULLY_REFUNDED',
    });
    expect((await stats()).refunds).toBe(after.refunds);
    // A refunded capture still tells the hub that the attempt had been paid.
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'paid' });
  });

  it('given a second attempt for an order already paid, then PayPal refuses its capture (duplicate invoice id): no second charge', async () => {
    const { attempt, id } = await begun();
    await gateway.settleReturn(attempt, returnOf((await approve(id))['returnUrl']));
    const second = await begun({ orderId: attempt.orderId, orderNumber: attempt.orderNumber });
    const verdict = await gateway.settleReturn(second.attempt, returnOf((await approve(second.id))['returnUrl']));
    expect(verdict).toMatchObject({ kind: 'declined', code: 'DUPLICATE_INVOICE_ID', retryable: false });
  });

  it('given wrong client credentials, then every call throws and nothing is created', async () => {
    const before = await stats();
    const wrong = createPayPalGateway(
      payPalConfigSchema.parse({
        PAYPAL_URL: sim.url,
        PAYPAL_CLIENT_ID: CLIENT_ID,
        PAYPAL_SECRET: 'wrong',
        PAYPAL_RETURN_BASE: STORE,
      }),
    );
    await expect(wrong.begin(newAttempt())).rejects.toThrow(/401/);
    expect((await stats()).ordersCreated).toBe(before.ordersCreated);
  });

  it('after all of the above, no PayPal order was captured more than once', async () => {
    expect((await stats()).maxCapturesPerOrder).toBe(1);
  });
});
