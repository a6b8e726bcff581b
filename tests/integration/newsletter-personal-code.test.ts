import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { COUPON_MESSAGES } from '../../schema/coupons/coupon.ts';
import type { CommandDocument } from '../../schema/index.ts';
import { confirmSubscription, subscribe } from '../../sync-server/newsletter/newsletter-store.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock } from '../support/order-world.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest, pendingCommand } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/**
 * Issue 29, item 7: the newsletter's discount is the subscriber's own code, made at the double opt-in's confirmation:
 * one use, bound to the subscriber's address. An order under another address (a guest's checkout e-mail, a
 * logged-in shopper's account) is refused in words; the one use goes to one order however many race for it; a
 * cancelled order does not give it back. The shop-wide NEWSLETTER10 keeps a limit in all that no fresh guest resets.
 */
describe(`the newsletter's personal code (${storeKind})`, () => {
  let server: RunningServer;
  let unit: number;
  let discount: number;
  let n = 0;
  const address = (label: string) => `${label}${++n}-${Date.now()}@example.bg`;
  const PUBLIC = 'https://shop.example.bg';

  beforeAll(async () => {
    server = await startTestServer();
    await setStock(server.db, ORDER_SKU, 1_000);
    unit = await guestUnitPriceEur(server.url, ORDER_SKU);
    discount = Math.floor((unit * 10 + 50) / 100);
  });
  afterAll(() => server.close());

  /** Subscribes `email` and follows its confirmation link: the personal code the welcome mail carries. */
  const personalCodeOf = async (email: string): Promise<string> => {
    const asked = await subscribe(server.db, email, 'bg', PUBLIC);
    if (asked.kind !== 'confirm-sent') throw new Error(`not sent: ${asked.kind}`);
    const token = /token=([A-Za-z0-9_-]+)/.exec(asked.mail.body)?.[1];
    expect(token).toBeDefined();
    const confirmed = await confirmSubscription(server.db, token!, PUBLIC);
    if (confirmed.kind !== 'confirmed') throw new Error(`not confirmed: ${confirmed.kind}`);
    return confirmed.couponCode;
  };
  /** One unit of ORDER_SKU under the checkout e-mail `email`, with the code, its total as the shopper saw it. */
  const orderWith = (email: string, code: string) => {
    const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }], {
      details: { ...validDetails, personal: { ...validDetails.personal, emailAddress: email } },
    });
    return { ...payload, couponCode: code, reviewedTotalEur: payload.reviewedTotalEur - discount };
  };
  const redemptionsOf = async (code: string) =>
    (
      await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM coupon_redemptions WHERE code = $1', [code])
    )[0]!.n;
  const placeAsGuest = async (email: string, code: string) => {
    const guest = await createGuest(server.url);
    const place = guest.command('order.place', orderWith(email, code));
    await guest.push([place]);
    const [settled] = await guest.settled([place.id]);
    return { guest, place, settled: settled! };
  };

  it('is made at confirmation, bound to the subscriber, and takes 10% off one order under that address', async () => {
    const email = address('reader');
    const code = await personalCodeOf(email);
    const [stored] = await server.db.query<{ doc: Record<string, unknown> }>(
      'SELECT doc FROM coupons WHERE code = $1',
      [code],
    );
    expect(stored!.doc).toMatchObject({ kind: 'percent', value: 10, usageLimit: 1, forEmail: email.toLowerCase() });

    // A guest's cart has no address yet: the code is taken there, and the order checks the address.
    const guest = await createGuest(server.url);
    const add = guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    const apply = guest.command('cart.applyCoupon', { code: code.toLowerCase() });
    await guest.push([add, apply]);
    const [, applied] = await guest.settled([add.id, apply.id]);
    expect(applied).toMatchObject({ status: 'succeeded', result: { discountEur: discount } });

    const place = guest.command('order.place', orderWith(email.toUpperCase(), code));
    await guest.push([place]);
    const [placed] = await guest.settled([place.id]);
    expect(placed).toMatchObject({ status: 'succeeded', result: { status: 'received' } });
    expect(await redemptionsOf(code)).toBe(1);
  });

  it('is refused, in words, to an order under another address, and is still the subscriber’s to use', async () => {
    const email = address('owner');
    const code = await personalCodeOf(email);
    const { settled } = await placeAsGuest(address('someone-else'), code);
    expect(settled).toMatchObject({
      status: 'rejected',
      resultCode: 'coupon_not_yours',
      error: { code: 'coupon_not_yours', message: COUPON_MESSAGES.not_yours, field: 'payload.couponCode' },
    });
    expect(await redemptionsOf(code)).toBe(0);
    const mine = await placeAsGuest(email, code);
    expect(mine.settled).toMatchObject({ status: 'succeeded', result: { status: 'received' } });
  });

  it('a logged-in shopper’s cart and order are checked against the account’s address', async () => {
    const other = await registerLoggedInUser(server.url, 'other');
    const subscriber = await registerLoggedInUser(server.url, 'subscriber');
    const code = await personalCodeOf(subscriber.email);
    const applyAs = async (token: string) => {
      await postJson(server.url, '/api/cart/update', { cartItem: { sku: ORDER_SKU, qty: 1 } }, token);
      return postJson(server.url, `/api/cart/apply-coupon/${code}`, {}, token);
    };
    const refused = await applyAs(other.token);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(COUPON_MESSAGES.not_yours);
    expect(await applyAs(subscriber.token)).toMatchObject({ status: 200, body: { result: true } });

    // The other account typing the subscriber's address at checkout is still the other account's order.
    const pushAs = async (user: { owner: string; token: string }, command: CommandDocument) => {
      const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
      const pushed = await fetch(`${server.url}/sync/commands/push`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ rows: [{ newDocumentState: command }] }),
      });
      expect(pushed.status).toBe(200);
      for (let i = 0; i < 500; i += 1) {
        const pulled = await fetch(`${server.url}/sync/commands/pull?after=0&limit=1000`, { headers });
        const { documents } = (await pulled.json()) as { documents: CommandDocument[] };
        const mine = documents.find((d) => d.id === command.id);
        if (mine && mine.status !== 'pending') return mine;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('not settled');
    };
    const placeAs = (user: { owner: string; token: string }) =>
      pushAs(
        user,
        pendingCommand({ owner: user.owner, clientId: `client-${uuidv7()}`, seq: 1 }, 'order.place', {
          ...orderWith(subscriber.email, code),
        }),
      );
    expect(await placeAs(other)).toMatchObject({ status: 'rejected', error: { code: 'coupon_not_yours' } });
    expect(await placeAs(subscriber)).toMatchObject({ status: 'succeeded', result: { status: 'received' } });
    expect(await redemptionsOf(code)).toBe(1);
  });

  it('once used, a second order gets no discount and a cart refuses it', async () => {
    const email = address('twice');
    const code = await personalCodeOf(email);
    expect((await placeAsGuest(email, code)).settled).toMatchObject({ result: { status: 'received' } });
    // A second order (another device of the subscriber): held with the discount gone, for the shopper to decide.
    const second = await placeAsGuest(email, code);
    expect(second.settled).toMatchObject({ status: 'succeeded', result: { status: 'needs_confirmation' } });
    expect(second.settled.result?.differences).toContainEqual({ field: 'couponCode', before: code, after: null });
    expect(await redemptionsOf(code)).toBe(1);
    const guest = await createGuest(server.url);
    const add = guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    const apply = guest.command('cart.applyCoupon', { code });
    await guest.push([add, apply]);
    const [, refused] = await guest.settled([add.id, apply.id]);
    expect(refused).toMatchObject({ status: 'rejected', error: { message: COUPON_MESSAGES.used_up } });
  });

  it('placed from two devices at once, it is used by one order only', async () => {
    const email = address('race');
    const code = await personalCodeOf(email);
    const [a, b] = [await createGuest(server.url), await createGuest(server.url)];
    const [placeA, placeB] = [
      a.command('order.place', orderWith(email, code)),
      b.command('order.place', orderWith(email, code)),
    ];
    await Promise.all([a.push([placeA]), b.push([placeB])]);
    const [[settledA], [settledB]] = await Promise.all([a.settled([placeA.id]), b.settled([placeB.id])]);
    expect([settledA?.result?.status, settledB?.result?.status].sort()).toEqual(['needs_confirmation', 'received']);
    expect(await redemptionsOf(code)).toBe(1);
  });

  it('an order cancelled before payment does not give the code back (one use means one order placed)', async () => {
    const email = address('cancel');
    const code = await personalCodeOf(email);
    const { guest, place, settled } = await placeAsGuest(email, code);
    expect(settled).toMatchObject({ result: { status: 'received' } });
    const cancel = guest.command('order.cancel', { orderId: place.payload.orderId as string });
    await guest.push([cancel]);
    expect((await guest.settled([cancel.id]))[0]).toMatchObject({ result: { status: 'cancelled' } });
    const again = await placeAsGuest(email, code);
    expect(again.settled).toMatchObject({ result: { status: 'needs_confirmation' } });
    expect(await redemptionsOf(code)).toBe(1);
  });

  it('the shop-wide NEWSLETTER10 is once per address: a fresh guest under the same e-mail gets no second discount', async () => {
    const email = address('again');
    const first = await placeAsGuest(email, 'NEWSLETTER10');
    expect(first.settled).toMatchObject({ status: 'succeeded', result: { status: 'received' } });
    // Another browser, or the same one after its guest session ended: a new owner, the same shopper.
    const fresh = await placeAsGuest(` ${email.toUpperCase()}`.trim(), 'NEWSLETTER10');
    expect(fresh.settled).toMatchObject({ status: 'succeeded', result: { status: 'needs_confirmation' } });
    expect(fresh.settled.result?.differences).toContainEqual({
      field: 'couponCode',
      before: 'NEWSLETTER10',
      after: null,
    });
    const [used] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM coupon_redemptions WHERE code = 'NEWSLETTER10' AND order_id = $1",
      [fresh.place.payload.orderId as string],
    );
    expect(used!.n).toBe(0);
  });

  it('the shop-wide NEWSLETTER10, used up, gives a fresh guest’s order nothing', async () => {
    const [seeded] = await server.db.query<{ doc: { usageLimit?: number } }>(
      "SELECT doc FROM coupons WHERE code = 'NEWSLETTER10'",
    );
    const limit = seeded!.doc.usageLimit!;
    expect(limit).toBeLessThanOrEqual(1_000);
    await server.db.query(
      `INSERT INTO coupon_redemptions (code, owner, order_id, discount_eur, at)
       SELECT 'NEWSLETTER10', 'guest-' || n, 'spent-' || n, 100, 0 FROM generate_series(1, $1::int) AS n`,
      [limit],
    );
    try {
      const before = await redemptionsOf('NEWSLETTER10');
      const fresh = await placeAsGuest(address('fresh'), 'NEWSLETTER10');
      expect(fresh.settled).toMatchObject({ status: 'succeeded', result: { status: 'needs_confirmation' } });
      expect(await redemptionsOf('NEWSLETTER10')).toBe(before);
    } finally {
      await server.db.query("DELETE FROM coupon_redemptions WHERE order_id LIKE 'spent-%'");
    }
  });
});
