import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bgnToEurCents } from '../../schema/money/currency.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { postJson, type JsonAnswer } from '../support/post-json.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * The spec's cart calls under /api/cart (commerce.md section 7), answering `{ code, result }`: reads from the cart
 * document, changes as cart commands through the push (the rules a device's commands obey). Bad input is a 4xx
 * naming the field, and changes nothing.
 */
describe(`the spec's cart calls (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const get = async (path: string, guest: Guest): Promise<JsonAnswer> => {
    const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${guest.token}` } });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const post = (path: string, guest: Guest, body: unknown = {}) => postJson(server.url, path, body, guest.token);
  const APP3_EUR = bgnToEurCents(49_900) / 100;

  it('update adds a line and sets its quantity; pull shows it in euro; delete removes it', async () => {
    const guest = await createGuest(server.url);
    const added = await post('/api/cart/update', guest, { cartItem: { sku: 'APP3', qty: 2 } });
    expect(added).toMatchObject({ status: 200, body: { code: 200, result: { sku: 'APP3', qty: 2, item_id: 'APP3' } } });
    const changed = await post('/api/cart/update', guest, { cartItem: { item_id: 'APP3', qty: 3 } });
    expect(changed.body.result).toMatchObject({ qty: 3, price_incl_tax: APP3_EUR });
    const pulled = await get('/api/cart/pull', guest);
    expect(pulled.body).toMatchObject({ code: 200, result: [{ sku: 'APP3', qty: 3, price_incl_tax: APP3_EUR }] });
    expect(await post('/api/cart/delete', guest, { cartItem: { item_id: 'APP3' } })).toMatchObject({
      status: 200,
      body: { code: 200, result: true },
    });
    expect((await get('/api/cart/pull', guest)).body.result).toEqual([]);
  });

  it('totals: segments in euro, shipping once, the coupon applied and deleted through its calls', async () => {
    const guest = await createGuest(server.url);
    await post('/api/cart/update', guest, { cartItem: { sku: 'APP3', qty: 2 } });
    const methods = await post('/api/cart/shipping-methods', guest, { address: { city: 'Пловдив' } });
    expect(methods.body.result.map((m: { code: string }) => m.code)).toEqual(['courier', 'courier-office', 'pickup']);
    const saved = await post('/api/cart/shipping-information', guest, {
      addressInformation: {
        shippingAddress: { city: 'Пловдив', postcode: '4000' },
        shippingCarrierCode: 'flatrate',
        shippingMethodCode: 'flatrate',
      },
      paymentMethod: { method: 'cashondelivery' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.shipping).toEqual({
      method: 'courier',
      city: 'Пловдив',
      postcode: '4000',
      payment: 'cashondelivery',
    });
    expect(await post('/api/cart/apply-coupon/newsletter10', guest)).toMatchObject({
      status: 200,
      body: { code: 200, result: true },
    });
    const totals = (await get('/api/cart/totals', guest)).body.result.totals;
    const subtotal = 2 * bgnToEurCents(49_900);
    const discount = Math.floor((subtotal * 10 + 50) / 100);
    const shipping = bgnToEurCents(500);
    expect(totals).toMatchObject({
      base_currency_code: 'EUR',
      coupon_code: 'NEWSLETTER10',
      subtotal_incl_tax: subtotal / 100,
      discount_amount: -discount / 100,
      shipping_incl_tax: shipping / 100,
      grand_total: (subtotal - discount + shipping) / 100,
    });
    expect(totals.total_segments.map((s: { code: string }) => s.code)).toEqual([
      'subtotal',
      'discount',
      'shipping',
      'payment',
      'tax',
      'grand_total',
    ]);
    const collected = await post('/api/cart/collect-totals', guest, {
      methods: { shippingCarrierCode: 'pickup', shippingMethodCode: 'store' },
    });
    expect(collected.body.result.totals.shipping_incl_tax).toBe(0);
    expect(await post('/api/cart/delete-coupon', guest)).toMatchObject({ status: 200, body: { result: true } });
    expect((await get('/api/cart/totals', guest)).body.result.totals.discount_amount).toBe(0);
    const payment = await get('/api/cart/payment-methods', guest);
    // This server has no payment provider configured: card, PayPal and credit are not offered, here or to the checkout.
    expect(payment.body.result.map((m: { code: string }) => m.code)).toEqual(['cashondelivery', 'banktransfer']);
    const taken = await fetch(`${server.url}/api/payments/methods`);
    expect(await taken.json()).toMatchObject({ result: { methods: ['cashondelivery', 'banktransfer'] } });
  });

  it('refusals name the field and change nothing: bad bodies 400, business refusals 422, no token 401', async () => {
    const guest = await createGuest(server.url);
    await post('/api/cart/update', guest, { cartItem: { sku: 'APP3', qty: 1 } });
    const cases: [string, unknown, number, string][] = [
      ['/api/cart/update', { cartItem: { sku: 'APP3', qty: 0 } }, 400, 'cartItem.qty'],
      ['/api/cart/update', { cartItem: { qty: 1 } }, 400, 'cartItem.sku'],
      ['/api/cart/update', { cartItem: { sku: 'NO-SUCH-SKU', qty: 1 } }, 422, 'cartItem.sku'],
      ['/api/cart/update', { cartItem: { sku: 'APP3', qty: 999 } }, 422, 'cartItem.qty'],
      ['/api/cart/delete', { cartItem: { item_id: 'NOT-IN-CART' } }, 422, 'cartItem.item_id'],
      ['/api/cart/apply-coupon/NOPE', {}, 422, 'coupon'],
      ['/api/cart/apply-coupon/bad%20code', {}, 400, 'coupon'],
      [
        '/api/cart/shipping-information',
        { addressInformation: { shippingCarrierCode: 'teleport', shippingMethodCode: 'now' } },
        400,
        'addressInformation.shippingMethodCode',
      ],
      [
        '/api/cart/shipping-information',
        {
          addressInformation: { shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' },
          paymentMethod: { method: 'barter' },
        },
        422,
        'paymentMethod.method',
      ],
      [
        '/api/cart/collect-totals',
        { methods: { paymentMethod: { method: 'x' } } },
        400,
        'methods.paymentMethod.method',
      ],
    ];
    for (const [path, body, status, field] of cases) {
      const answer = await post(path, guest, body);
      expect({ path, status: answer.status, field: answer.body.result?.field }).toEqual({ path, status, field });
      expect(answer.body.code).toBe(status);
    }
    const coupon = await post('/api/cart/apply-coupon/NOPE', guest);
    expect(coupon.body.result.error).toBe("You've entered an incorrect coupon code. Please try again.");
    const pulled = (await get('/api/cart/pull', guest)).body.result;
    expect(pulled.map((l: { sku: string; qty: number }) => [l.sku, l.qty])).toEqual([['APP3', 1]]);
    expect((await get('/api/cart/totals', guest)).body.result.shipping).toBeNull();
    expect((await fetch(`${server.url}/api/cart/totals`)).status).toBe(401);
  });

  it('a call repeated with the same Idempotency-Key runs once', async () => {
    const guest = await createGuest(server.url);
    const once = () =>
      fetch(`${server.url}/api/cart/update`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${guest.token}`,
          'content-type': 'application/json',
          'idempotency-key': 'add-app3-once',
        },
        body: JSON.stringify({ cartItem: { sku: 'APP3', qty: 1 } }),
      });
    expect((await once()).status).toBe(200);
    expect((await once()).status).toBe(200);
    expect((await get('/api/cart/pull', guest)).body.result.map((l: { qty: number }) => l.qty)).toEqual([1]);
  });
});
