import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCoupon } from '../../sync-server/coupons/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock, stockOf } from '../support/order-world.ts';
import { placePayload } from '../support/orders.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Issue 16: stock is reserved in the order's transaction, so the last unit goes to exactly one order, and a
 * coupon's last use to exactly one shopper, however many race for them.
 */
describe(`orders racing for stock and coupons (${storeKind})`, () => {
  let server: RunningServer;
  let unit: number;

  beforeAll(async () => {
    server = await startTestServer();
    unit = await guestUnitPriceEur(server.url, ORDER_SKU);
  });
  afterAll(() => server.close());

  it('50 shoppers racing for 5 units: exactly 5 orders, stock 0, the others refused naming the sku', async () => {
    await setStock(server.db, ORDER_SKU, 5);
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => createGuest(server.url)));
    const commands = shoppers.map((guest) =>
      guest.command('order.place', placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }])),
    );
    await Promise.all(shoppers.map((guest, i) => guest.push([commands[i]!])));
    const settled = (await Promise.all(shoppers.map((guest, i) => guest.settled([commands[i]!.id])))).flat();

    const received = settled.filter((c) => c.status === 'succeeded' && c.result?.status === 'received');
    const refused = settled.filter((c) => c.status === 'rejected');
    expect(received).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const c of refused) {
      expect(['out_of_stock', 'insufficient_stock']).toContain(c.error?.code);
      expect(c.error?.message).toContain(ORDER_SKU);
      expect(c.error?.field).toBe('payload.lines.0.sku');
    }
    expect(await stockOf(server.db, ORDER_SKU)).toBe(0);
    const [moves] = await server.db.query<{ n: number; total: string | number }>(
      `SELECT count(*)::int AS n, sum(delta) AS total FROM stock_moves WHERE order_id = ANY($1::uuid[])`,
      [commands.map((c) => c.payload.orderId as string)],
    );
    expect(moves).toMatchObject({ n: 5 });
    expect(Number(moves!.total)).toBe(-5);
    const [orders] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE order_id = ANY($1::uuid[])',
      [commands.map((c) => c.payload.orderId as string)],
    );
    expect(orders!.n).toBe(5);
  });

  it('a coupon with one use left, applied in two orders at once, is granted once', async () => {
    await setStock(server.db, ORDER_SKU, 10);
    const code = `LAST${Date.now()}`;
    await server.db.transaction((tx) => saveCoupon(tx, { code, kind: 'fixed', value: 1_000, usageLimit: 1 }));
    const [a, b] = [await createGuest(server.url), await createGuest(server.url)];
    const order = () => {
      const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]);
      return { ...payload, couponCode: code, reviewedTotalEur: payload.reviewedTotalEur - 1_000 };
    };
    const [placeA, placeB] = [a.command('order.place', order()), b.command('order.place', order())];
    await Promise.all([a.push([placeA]), b.push([placeB])]);
    const [settledA] = await a.settled([placeA.id]);
    const [settledB] = await b.settled([placeB.id]);
    const statuses = [settledA?.result?.status, settledB?.result?.status].sort();
    expect(statuses).toEqual(['needs_confirmation', 'received']);
    const [used] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM coupon_redemptions WHERE code = $1',
      [code],
    );
    expect(used!.n).toBe(1);
    // The one left waiting shows why: the coupon no longer applies.
    const waiting = [settledA, settledB].find((c) => c?.result?.status === 'needs_confirmation');
    expect(waiting?.result?.differences).toContainEqual({ field: 'couponCode', before: code, after: null });
  });
});
