import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorProcess } from '../support/simulator-process.ts';

/**
 * The PayPal simulator speaks PayPal's protocol as documented (errors, Request-Id replays, order states), so the
 * store's gateway is tested against the protocol, not against the simulator's conveniences.
 */

const CLIENT_ID = 'sim-client';
const SECRET = randomUUID();
let sim: SimulatorProcess;
let token: string;

const orderBody = (over: Record<string, unknown> = {}) => ({
  intent: 'CAPTURE',
  purchase_units: [
    { reference_id: '100000777', invoice_id: randomUUID(), amount: { currency_code: 'EUR', value: '25.00' } },
  ],
  payment_source: {
    paypal: {
      experience_context: {
        return_url: 'http://store.test/api/payments/paypal/return',
        cancel_url: 'http://store.test/api/payments/paypal/cancel',
        user_action: 'PAY_NOW',
      },
    },
  },
  ...over,
});

const api = async (method: string, path: string, body?: unknown, requestId?: string) => {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(requestId === undefined ? {} : { 'paypal-request-id': requestId }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const stats = async () => (await (await fetch(`${sim.url}/__sim/stats`)).json()) as Record<string, number>;

/** PayPal's error shape, with its first issue. */
const expectPayPalError = (body: Record<string, unknown>, name: string, issue: string) => {
  expect(body).toMatchObject({ name, details: [{ issue }] });
  expect(body['message']).toEqual(expect.any(String));
  expect(body['debug_id']).toEqual(expect.any(String));
};

beforeAll(async () => {
  sim = await startSimulator('paypal', { PAYPAL_SIM_CLIENT_ID: CLIENT_ID, PAYPAL_SIM_SECRET: SECRET });
  const response = await fetch(`${sim.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const answer = (await response.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(answer).toMatchObject({ token_type: 'Bearer', expires_in: 32_400 });
  token = answer.access_token;
});

afterAll(async () => {
  await sim?.stop();
});

describe('the PayPal simulator', () => {
  it('given wrong client credentials, then no token (401 invalid_client)', async () => {
    const response = await fetch(`${sim.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:nope`).toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('given no or an unknown bearer token, then 401 AUTHENTICATION_FAILURE', async () => {
    const response = await fetch(`${sim.url}/v2/checkout/orders/ABC`, { headers: { authorization: 'Bearer nope' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
  });

  it('given an amount in leva, then 422 CURRENCY_NOT_SUPPORTED (PayPal has never taken BGN)', async () => {
    const body = orderBody({ purchase_units: [{ amount: { currency_code: 'BGN', value: '48.90' } }] });
    const answer = await api('POST', '/v2/checkout/orders', body);
    expect(answer.status).toBe(422);
    expectPayPalError(answer.body, 'UNPROCESSABLE_ENTITY', 'CURRENCY_NOT_SUPPORTED');
  });

  it('given a malformed amount or no intent, then 400 INVALID_REQUEST naming the field', async () => {
    const badValue = await api(
      'POST',
      '/v2/checkout/orders',
      orderBody({ purchase_units: [{ amount: { currency_code: 'EUR', value: '12.345' } }] }),
    );
    expect(badValue.status).toBe(400);
    expectPayPalError(badValue.body, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX');
    expect(badValue.body['details']).toMatchObject([{ field: '/purchase_units/0/amount/value' }]);

    const noIntent = await api('POST', '/v2/checkout/orders', { ...orderBody(), intent: undefined });
    expect(noIntent.status).toBe(400);
    expect(noIntent.body['details']).toMatchObject([{ field: '/intent', issue: 'MISSING_REQUIRED_PARAMETER' }]);
  });

  it('given an order id it does not know, then 404 RESOURCE_NOT_FOUND', async () => {
    const answer = await api('GET', '/v2/checkout/orders/NOSUCHORDER000001');
    expect(answer.status).toBe(404);
    expectPayPalError(answer.body, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  });

  it('given a create repeated with its PayPal-Request-Id, then the first answer again (status and body), one order', async () => {
    const before = await stats();
    const requestId = randomUUID();
    const first = await api('POST', '/v2/checkout/orders', orderBody(), requestId);
    const again = await api('POST', '/v2/checkout/orders', orderBody(), requestId);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'PAYER_ACTION_REQUIRED' });
    expect(again).toEqual(first);
    expect((await stats())['ordersCreated']! - before['ordersCreated']!).toBe(1);
  });

  it('given a capture before approval, then 422 ORDER_NOT_APPROVED; after one capture, another Request-Id gets 422 ORDER_ALREADY_CAPTURED', async () => {
    const created = await api('POST', '/v2/checkout/orders', orderBody(), randomUUID());
    const id = String(created.body['id']);
    const early = await api('POST', `/v2/checkout/orders/${id}/capture`, {}, randomUUID());
    expect(early.status).toBe(422);
    expectPayPalError(early.body, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');

    await fetch(`${sim.url}/__sim/approve`, { method: 'POST', body: JSON.stringify({ id }) });
    const captured = await api('POST', `/v2/checkout/orders/${id}/capture`, {}, randomUUID());
    expect(captured.status).toBe(201);
    expect(captured.body).toMatchObject({
      status: 'COMPLETED',
      purchase_units: [{ payments: { captures: [{ status: 'COMPLETED', amount: { value: '25.00' } }] } }],
    });
    const second = await api('POST', `/v2/checkout/orders/${id}/capture`, {}, randomUUID());
    expect(second.status).toBe(422);
    expectPayPalError(second.body, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    expect((await stats())['capturesByOrder' as never]).toMatchObject({ [id]: 1 });
  });

  it('given a server error armed, then nothing is done, and the same Request-Id later creates the order once', async () => {
    const before = await stats();
    const requestId = randomUUID();
    await fetch(`${sim.url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ failNextWith: 503 }) });
    const failed = await api('POST', '/v2/checkout/orders', orderBody(), requestId);
    expect(failed.status).toBe(503);
    expect((await stats())['ordersCreated']).toBe(before['ordersCreated']);
    const retried = await api('POST', '/v2/checkout/orders', orderBody(), requestId);
    expect(retried.status).toBe(201);
    expect((await stats())['ordersCreated']! - before['ordersCreated']!).toBe(1);
  });

  it('given a fault request it does not understand, then 400 and nothing armed', async () => {
    const response = await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ dropNextAnswr: true }),
    });
    expect(response.status).toBe(400);
  });

  it('given the approve page, then it is marked as a test gateway, loads nothing from elsewhere and runs no script', async () => {
    const created = await api('POST', '/v2/checkout/orders', orderBody(), randomUUID());
    const response = await fetch(`${sim.url}/checkoutnow?token=${String(created.body['id'])}`);
    const html = await response.text();
    expect(html).toContain('ТЕСТОВ ШЛЮЗ / test gateway');
    expect(html).toContain('Откажи');
    expect(html).toContain('Карта, която ще бъде отказана');
    expect(html).not.toMatch(/<script|\ssrc=|<link|https?:\/\//);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain('form-action');
  });
});
