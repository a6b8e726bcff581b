import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../schema/index.ts';
import { checkCoupon, usesByCustomer } from '../../schema/coupons/coupon.ts';
import { loadCouponsForUpdate, recordRedemptions, saveCoupon } from '../../sync-server/coupons/coupon-store.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Coupons on the server: `cart.applyCoupon` / `cart.removeCoupon` over the push, checked against the `coupons` table;
 * and the store's contract for placing orders (loadCouponsForUpdate, recordRedemptions): the last use of a coupon,
 * claimed by two transactions at once, is granted once.
 */
describe(`coupons (${storeKind})`, () => {
  let server: RunningServer;
  const run = async (guest: Guest, command: ReturnType<Guest['command']>) => {
    await guest.push([command]);
    const [outcome] = await guest.settled([command.id]);
    return { outcome: outcome!, cart: (await guest.cart()) as Cart | undefined };
  };

  beforeAll(async () => {
    server = await startTestServer();
    await server.db.query('DELETE FROM coupon_redemptions');
    await server.db.transaction(async (tx) => {
      await saveCoupon(tx, { code: 'FIVE', kind: 'fixed', value: 500 });
      await saveCoupon(tx, { code: 'PAST', kind: 'percent', value: 20, validTo: Date.now() - 86_400_000 });
      await saveCoupon(tx, { code: 'LASTONE', kind: 'percent', value: 15, usageLimit: 3 });
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('the newsletter coupon is seeded: applied by its code in any case, kept on the cart, then removed', async () => {
    const guest = await createGuest(server.url);
    await run(guest, guest.command('cart.addItem', { sku: 'APP3', qty: 1 }));
    const applied = await run(guest, guest.command('cart.applyCoupon', { code: 'newsletter10' }));
    expect(applied.outcome).toMatchObject({ status: 'succeeded', result: { discountEur: 2551 } });
    expect(applied.cart?.coupon).toEqual({ code: 'NEWSLETTER10', kind: 'percent', value: 10 });

    const removed = await run(guest, guest.command('cart.removeCoupon', {}));
    expect(removed.outcome).toMatchObject({ status: 'succeeded', result: { removed: true } });
    expect(removed.cart?.coupon).toBeUndefined();
    expect(removed.cart?.items.map((l) => l.sku)).toEqual(['APP3']);
  });

  it('an unknown code is refused with the spec’s message naming payload.code; an expired one says so', async () => {
    const guest = await createGuest(server.url);
    await run(guest, guest.command('cart.addItem', { sku: 'APP3', qty: 1 }));
    const unknown = await run(guest, guest.command('cart.applyCoupon', { code: 'NOPE' }));
    expect(unknown.outcome).toMatchObject({
      status: 'rejected',
      resultCode: 'coupon_invalid',
      error: { message: "You've entered an incorrect coupon code. Please try again.", field: 'payload.code' },
    });
    const past = await run(guest, guest.command('cart.applyCoupon', { code: 'PAST' }));
    expect(past.outcome).toMatchObject({ status: 'rejected', error: { message: 'This coupon has expired.' } });
    expect(past.cart?.coupon).toBeUndefined();
  });

  it('a malformed code (spaces, too long) is refused naming payload.code before the rules', async () => {
    const guest = await createGuest(server.url);
    const spaced = await guest.pushRaw({
      rows: [{ newDocumentState: guest.command('cart.applyCoupon', { code: 'TWO WORDS' }) }],
    });
    expect(spaced.status).toBe(400);
    expect(JSON.stringify(spaced.body)).toContain('payload.code');
  });

  it('the last use of a coupon, claimed by two orders at once, is granted to one only', async () => {
    // Two uses recorded: one left.
    await server.db.transaction((tx) =>
      recordRedemptions(tx, [
        { code: 'LASTONE', owner: 'someone', orderId: 'order-1', discountEur: 100, at: Date.now() },
        { code: 'LASTONE', owner: 'someone-else', orderId: 'order-2', discountEur: 100, at: Date.now() },
      ]),
    );
    const claim = (owner: string, orderId: string) =>
      server.db.transaction(async (tx) => {
        const state = (await loadCouponsForUpdate(tx, ['lastone'], [owner])).get('LASTONE');
        const check = checkCoupon(state?.coupon, {
          subtotalInclTaxEur: 10_000,
          now: Date.now(),
          usedTotal: state?.usedTotal ?? 0,
          usedByCustomer: usesByCustomer(state?.uses ?? [], owner),
        });
        if (!check.ok) return false;
        // Hold the lock a moment, so the other claim waits on it rather than running after.
        await tx.query('SELECT pg_sleep(0.05)');
        await recordRedemptions(tx, [
          { code: 'LASTONE', owner, orderId, discountEur: check.discountEur, at: Date.now() },
        ]);
        return true;
      });
    const granted = await Promise.all([claim('device-a', 'order-a'), claim('device-b', 'order-b')]);
    expect(granted.filter(Boolean)).toHaveLength(1);
    const [row] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM coupon_redemptions WHERE code = 'LASTONE'",
    );
    expect(row?.n).toBe(3);
    // A retried order records its redemption once.
    await server.db.transaction((tx) =>
      recordRedemptions(tx, [{ code: 'LASTONE', owner: 'someone', orderId: 'order-1', discountEur: 100, at: 0 }]),
    );
    const [again] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM coupon_redemptions WHERE code = 'LASTONE'",
    );
    expect(again?.n).toBe(3);
  });

  it('the shop-wide newsletter code has a limit in all, which fresh guests cannot reset', async () => {
    // Every new guest is a new customer, so a once-per-customer limit alone gives the 10% to anyone, for ever.
    const [seeded] = await server.db.query<{ doc: { usageLimit?: number } }>(
      "SELECT doc FROM coupons WHERE code = 'NEWSLETTER10'",
    );
    const limit = seeded?.doc.usageLimit ?? Number.POSITIVE_INFINITY;
    expect(limit).toBeLessThanOrEqual(1_000);
    // That many orders by as many guests, each a customer the code had never seen.
    await server.db.query(
      `INSERT INTO coupon_redemptions (code, owner, order_id, discount_eur, at)
       SELECT 'NEWSLETTER10', 'guest-' || n, 'used-' || n, 100, 0 FROM generate_series(1, $1::int) AS n`,
      [limit],
    );
    try {
      const fresh = await createGuest(server.url);
      await run(fresh, fresh.command('cart.addItem', { sku: 'APP3', qty: 1 }));
      const refused = await run(fresh, fresh.command('cart.applyCoupon', { code: 'NEWSLETTER10' }));
      expect(refused.outcome).toMatchObject({
        status: 'rejected',
        error: { message: 'This coupon has been used up.' },
      });
    } finally {
      await server.db.query("DELETE FROM coupon_redemptions WHERE order_id LIKE 'used-%'");
    }
  });
});
