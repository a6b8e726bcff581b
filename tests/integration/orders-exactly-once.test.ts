import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersDoc } from '../../schema/orders/order.ts';
import { runBatch } from '../../sync-server/executor/run-batch.ts';
import { featureOf } from '../../sync-server/features/registered.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { ORDER_SKU, guestUnitPriceEur, ordersOf, setStock, stockMovesOf, stockOf } from '../support/order-world.ts';
import { placePayload } from '../support/orders.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Issue 16: an order is placed exactly once whatever the network and the server do: a push repeated, a second
 * command of the same order (another tab, POST /api/order), a server that dies before its transaction commits.
 */
describe(`orders exactly once (${storeKind})`, () => {
  let db: Database;
  let server: RunningServer;
  let unit: number;
  const LIMITS = { maxClients: 10, maxCommands: 100 };

  beforeAll(async () => {
    db = await openTestDatabase();
    // No executor: the test runs the batches, so it can break one.
    server = await startTestServer(db, 'off');
    unit = await guestUnitPriceEur(server.url, ORDER_SKU, () => runBatch(db, featureOf, LIMITS));
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('a server that dies before commit, then duplicate pushes and a second tab: one order, one stock move', async () => {
    await setStock(db, ORDER_SKU, 7);
    const guest = await createGuest(server.url);
    const add = guest.command('cart.addItem', { sku: ORDER_SKU, qty: 3 });
    const payload = placePayload([{ sku: ORDER_SKU, qty: 2, unitPriceInclTaxEur: unit }]);
    const place = guest.command('order.place', payload);
    await guest.push([add, place]);

    // The batch runs in full, then the connection is lost before COMMIT (a server killed mid-execution).
    const dying: Database = {
      ...db,
      transaction: (work) =>
        db.transaction(async (tx) => {
          await work(tx);
          throw new Error('killed before commit');
        }),
    };
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await expect(runBatch(dying, featureOf, LIMITS)).rejects.toThrow('killed before commit');
    } finally {
      console.error = quiet;
    }
    expect(await ordersOf(db, guest.owner)).toEqual([]);
    expect(await stockOf(db, ORDER_SKU)).toBe(7);
    expect(await stockMovesOf(db, payload.orderId)).toEqual([]);

    // Restarted: the work is still there and runs once.
    expect(await runBatch(db, featureOf, LIMITS)).toBe(2);
    const [settled] = (await guest.settled([place.id])).filter((c) => c.id === place.id);
    expect(settled?.status).toBe('succeeded');
    expect(settled?.result).toMatchObject({ orderId: payload.orderId, status: 'received' });

    // The same push again (its answer was lost): answered from the log, nothing runs.
    const again = await guest.push([add, place]);
    expect(again.conflicts.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    // Another tab places the same order (same order id, its own command).
    const secondTab = guest.command('order.place', payload, {
      clientId: `client-tab2-${guest.clientId.slice(7, 20)}`,
      seq: 1,
    });
    await guest.push([secondTab]);
    expect(await runBatch(db, featureOf, LIMITS)).toBe(1);
    const [tab] = await guest.settled([secondTab.id]);
    expect(tab?.result).toMatchObject({ orderId: payload.orderId, orderNumber: settled?.result?.orderNumber });

    expect((await ordersOf(db, guest.owner)).map((o) => o.status)).toEqual(['received']);
    expect((await stockMovesOf(db, payload.orderId)).map((m) => [m.sku, Number(m.delta), m.reason])).toEqual([
      [ORDER_SKU, -2, 'reserve'],
    ]);
    expect(await stockOf(db, ORDER_SKU)).toBe(5);

    // The ordered quantity left the cart; the rest of the line stays.
    expect((await guest.cart())?.items.map((l) => [l.sku, l.qty])).toEqual([[ORDER_SKU, 1]]);
    // The owner's orders read model lists it.
    const { documents } = await guest.pull<OrdersDoc>('orders');
    expect(documents.at(-1)?.orders.map((o) => [o.orderId, o.status, o.totals.grandTotalEur])).toEqual([
      [payload.orderId, 'received', payload.reviewedTotalEur],
    ]);
    // An e-mail in the outbox, in both languages with the euro figures.
    const mails = await db.query<{ subject: string; body: string }>(
      "SELECT subject, body FROM mail_outbox WHERE kind = 'order-status' AND to_address = 'maria@example.com' AND subject LIKE $1",
      [`%${settled?.result?.orderNumber}%`],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Общо:');
    expect(mails[0]!.body).toContain('Total:');
  });

  it('POST /api/order twice with one order id is one order; /api/order/get finds only its own', async () => {
    await setStock(db, ORDER_SKU, 3);
    // Served inline needs an executor: this server has none, so run batches while the call waits.
    const guest = await createGuest(server.url);
    const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]);
    const draining = setInterval(() => void runBatch(db, featureOf, LIMITS).catch(() => undefined), 30);
    try {
      const first = await postJson(server.url, '/api/order', payload, guest.token);
      const second = await postJson(server.url, '/api/order', payload, guest.token);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.result).toMatchObject({
        hash: payload.orderId,
        backendOrderId: payload.orderId,
        status: 'received',
      });
      expect(second.body.result).toEqual(first.body.result);
      expect(await ordersOf(db, guest.owner)).toHaveLength(1);
      expect(await stockOf(db, ORDER_SKU)).toBe(2);

      const { orderNumber } = first.body.result;
      const own = await postJson(server.url, '/api/order/get', { orderNumber }, guest.token);
      expect(own.status).toBe(200);
      expect(own.body.result).toMatchObject({ orderNumber, status: 'received' });
      const other = await createGuest(server.url);
      expect((await postJson(server.url, '/api/order/get', { orderNumber }, other.token)).status).toBe(404);

      // Tracking: the number and the e-mail together; any mismatch answers the same.
      const tracked = await postJson(server.url, '/api/order/track', { orderNumber, email: 'MARIA@example.com' });
      expect(tracked.status).toBe(200);
      expect(tracked.body.result).toMatchObject({ orderNumber, status: 'received' });
      expect(tracked.body.result.details).toBeUndefined();
      const wrongMail = await postJson(server.url, '/api/order/track', { orderNumber, email: 'x@example.com' });
      const wrongNumber = await postJson(server.url, '/api/order/track', {
        orderNumber: 'BG-2000-999999',
        email: 'maria@example.com',
      });
      expect(wrongMail.status).toBe(404);
      expect(wrongNumber.body).toEqual(wrongMail.body);
    } finally {
      clearInterval(draining);
    }
  });
});
