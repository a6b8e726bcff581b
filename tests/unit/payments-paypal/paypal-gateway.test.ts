import { describe, expect, it } from 'vitest';
import { createPayPalGateway, PayPalError } from '../../../sync-server/payments/paypal/index.ts';
import { payPalConfigSchema } from '../../../sync-server/payments/paypal/index.ts';
import { attempt, capture, completedOrder } from './fixtures.ts';

const config = payPalConfigSchema.parse({
  PAYPAL_URL: 'https://paypal.test/',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_SECRET: 'secret',
  PAYPAL_RETURN_BASE: 'https://shop.test',
});

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: Headers;
  readonly body: string;
}

type Reply = { status: number; body: unknown } | Error;

/** A PayPal stand-in inside the test: the token endpoint answers, other calls get the queued replies in turn. */
const fakePayPal = (replies: Reply[]) => {
  const seen: Seen[] = [];
  let tokens = 0;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : '',
    };
    seen.push(call);
    if (url.pathname === '/v1/oauth2/token') {
      tokens += 1;
      return Response.json({ access_token: `token-${tokens}`, token_type: 'Bearer', expires_in: 32_400 });
    }
    const reply = replies.shift();
    if (reply === undefined) throw new Error(`unexpected call ${call.method} ${call.path}`);
    if (reply instanceof Error) throw reply;
    return new Response(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body), {
      status: reply.status,
    });
  };
  return { fetchFn, seen, tokens: () => tokens, apiCalls: () => seen.filter((s) => s.path !== '/v1/oauth2/token') };
};

/** The order as GET shows it once the payer approved it at PayPal. */
const approvedOrder = { status: 200, body: { id: '5O190127TN364715T', status: 'APPROVED', links: [] } };

const created = {
  id: '5O190127TN364715T',
  status: 'PAYER_ACTION_REQUIRED',
  links: [{ href: 'https://paypal.test/checkoutnow?token=5O190127TN364715T', rel: 'payer-action' }],
};

describe('the PayPal gateway against a stand-in', () => {
  it('given an attempt, when begun, then PayPal is asked for an EUR order keyed by the attempt id and the shopper is sent to its approve link', async () => {
    const paypal = fakePayPal([{ status: 201, body: created }]);
    const begun = await createPayPalGateway(config, paypal.fetchFn).begin(attempt({ providerRef: '' }));
    expect(begun).toEqual({
      step: { kind: 'redirect', url: 'https://paypal.test/checkoutnow?token=5O190127TN364715T' },
      providerRef: '5O190127TN364715T',
    });
    const [call] = paypal.apiCalls();
    expect(call?.path).toBe('/v2/checkout/orders');
    expect(call?.headers.get('paypal-request-id')).toBe(attempt().attemptId);
    expect(call?.headers.get('authorization')).toBe('Bearer token-1');
    expect(JSON.parse(call?.body ?? '')).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: '100000123',
          custom_id: attempt().attemptId,
          invoice_id: '100000123',
          amount: { currency_code: 'EUR', value: '1299.99' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'https://shop.test/api/payments/paypal/return',
            user_action: 'PAY_NOW',
            locale: 'bg-BG',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });
  });

  it('given three calls, then one token is fetched (cached), with Basic client credentials', async () => {
    const paypal = fakePayPal([
      { status: 201, body: created },
      { status: 201, body: created },
      { status: 200, body: { ...created, status: 'PAYER_ACTION_REQUIRED' } },
    ]);
    const gateway = createPayPalGateway(config, paypal.fetchFn);
    await gateway.begin(attempt());
    await gateway.begin(attempt());
    await gateway.status(attempt());
    expect(paypal.tokens()).toBe(1);
    const tokenCall = paypal.seen.find((s) => s.path === '/v1/oauth2/token');
    expect(tokenCall?.headers.get('authorization')).toBe(`Basic ${Buffer.from('client:secret').toString('base64')}`);
    expect(tokenCall?.body).toBe('grant_type=client_credentials');
  });

  it('given a token PayPal no longer accepts (401), then a new one is fetched and the call made once more', async () => {
    const paypal = fakePayPal([
      { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } },
      { status: 201, body: created },
    ]);
    await createPayPalGateway(config, paypal.fetchFn).begin(attempt());
    expect(paypal.tokens()).toBe(2);
    expect(paypal.apiCalls().map((c) => c.headers.get('authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('given an approved return, then the order is read, the capture is made with its own Request-Id and its COMPLETED capture makes it paid', async () => {
    const paypal = fakePayPal([approvedOrder, { status: 201, body: completedOrder(capture('COMPLETED')) }]);
    const verdict = await createPayPalGateway(config, paypal.fetchFn).settleReturn(attempt(), {
      token: '5O190127TN364715T',
      PayerID: 'PAYER1',
    });
    expect(verdict).toMatchObject({ kind: 'paid', settlementRef: '3C679366HH908993F' });
    const [read, call] = paypal.apiCalls();
    expect(`${read?.method} ${read?.path}`).toBe('GET /v2/checkout/orders/5O190127TN364715T');
    expect(call?.path).toBe('/v2/checkout/orders/5O190127TN364715T/capture');
    expect(call?.headers.get('paypal-request-id')).toBe(`capture-${attempt().attemptId}`);
  });

  it('given ORDER_ALREADY_CAPTURED, then the order is read and its capture decides', async () => {
    const paypal = fakePayPal([
      approvedOrder,
      {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'x' }] },
      },
      { status: 200, body: completedOrder(capture('COMPLETED')) },
    ]);
    const verdict = await createPayPalGateway(config, paypal.fetchFn).settleReturn(attempt(), {
      token: '5O190127TN364715T',
    });
    expect(verdict).toMatchObject({ kind: 'paid' });
    expect(paypal.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v2/checkout/orders/5O190127TN364715T',
      'POST /v2/checkout/orders/5O190127TN364715T/capture',
      'GET /v2/checkout/orders/5O190127TN364715T',
    ]);
  });

  it('given a malformed capture answer, a 5xx or no answer, then it throws (in doubt) instead of judging', async () => {
    for (const reply of [
      { status: 201, body: { id: '5O190127TN364715T', status: 'COMPLETED', purchase_units: 'nope' } },
      { status: 201, body: '<html>gateway</html>' },
      { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } },
      new TypeError('fetch failed'),
    ] satisfies Reply[]) {
      const paypal = fakePayPal([approvedOrder, reply]);
      await expect(
        createPayPalGateway(config, paypal.fetchFn).settleReturn(attempt(), { token: '5O190127TN364715T' }),
      ).rejects.toBeInstanceOf(PayPalError);
    }
  });

  it('given an attempt whose create answer was lost (no providerRef), when asked its status, then the create is repeated with the same Request-Id to learn the order', async () => {
    const paypal = fakePayPal([
      { status: 201, body: created },
      { status: 200, body: { ...created, purchase_units: [{ custom_id: attempt().attemptId }] } },
    ]);
    const verdict = await createPayPalGateway(config, paypal.fetchFn).status(attempt({ providerRef: '' }));
    expect(verdict).toMatchObject({ kind: 'pending', providerRef: '5O190127TN364715T' });
    expect(paypal.apiCalls()[0]?.headers.get('paypal-request-id')).toBe(attempt().attemptId);
  });

  it("given a return whose token is another order, then that order is not captured: the attempt's own is asked", async () => {
    const paypal = fakePayPal([{ status: 200, body: { ...created, status: 'PAYER_ACTION_REQUIRED' } }]);
    const verdict = await createPayPalGateway(config, paypal.fetchFn).settleReturn(attempt(), { token: 'OTHERORDER' });
    expect(verdict).toMatchObject({ kind: 'pending' });
    expect(paypal.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v2/checkout/orders/5O190127TN364715T',
    ]);
  });

  it('given a refund PayPal refuses (422), then the refusal carries its issue', async () => {
    const paypal = fakePayPal([
      {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED', description: 'done' }] },
      },
    ]);
    const verdict = await createPayPalGateway(config, paypal.fetchFn).refund(attempt(), 'CAP1', 1000, 'refund-1');
    expect(verdict).toEqual({ kind: 'refused', code: 'CAPTURE_FULLY_REFUNDED', message: 'done' });
    expect(paypal.apiCalls()[0]?.headers.get('paypal-request-id')).toBe('refund-refund-1');
  });

  it('given a refund above what was paid, then PayPal is not asked', async () => {
    const paypal = fakePayPal([]);
    const verdict = await createPayPalGateway(config, paypal.fetchFn).refund(attempt(), 'CAP1', 200_000, 'r');
    expect(verdict).toMatchObject({ kind: 'refused', code: 'INVALID_AMOUNT' });
    expect(paypal.seen).toEqual([]);
  });

  it("given the browser's answer, then the attempt is found by PayPal's token, and nothing else", () => {
    const gateway = createPayPalGateway(config, fakePayPal([]).fetchFn);
    expect(gateway.referenceOf({ token: '5O190127TN364715T', PayerID: 'X' })).toBe('5O190127TN364715T');
    expect(gateway.referenceOf({ PayerID: 'X' })).toBeUndefined();
    expect(gateway.referenceOf({ token: '<script>' })).toBeUndefined();
  });
});
