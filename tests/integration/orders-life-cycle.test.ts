import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersDoc } from '../../schema/orders/order.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock, stockOf } from '../support/order-world.ts';
import { placePayload } from '../support/orders.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser, TEST_PASSWORD } from '../support/users.ts';

/**
 * Issue 16 "After the order": the shopper's cancel and confirm, the operator's moves (allowed ones only), each
 * reaching the owner's orders read model and the outbox, and a guest's orders following the shopper at login.
 */
describe(`an order's life (${storeKind})`, () => {
  let server: RunningServer;
  let unit: number;

  beforeAll(async () => {
    server = await startTestServer();
    unit = await guestUnitPriceEur(server.url, ORDER_SKU);
  });
  afterAll(() => server.close());

  const operator = async () => {
    const user = await registerLoggedInUser(server.url, 'order-operator');
    await server.db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [user.owner]);
    return user;
  };

  it('the operator confirms, ships and delivers; a move not allowed is a 409; every move reaches the read model and the outbox', async () => {
    await setStock(server.db, ORDER_SKU, 5);
    const guest = await createGuest(server.url);
    const payload = placePayload([{ sku: ORDER_SKU, qty: 2, unitPriceInclTaxEur: unit }]);
    const place = guest.command('order.place', payload);
    await guest.push([place]);
    const orderNumber = (await guest.settled([place.id]))[0]?.result?.orderNumber as string;
    const { token } = await operator();

    const list = await fetch(`${server.url}/api/operator/orders?status=received`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { result: { orderNumber: string }[] }).result.map((o) => o.orderNumber)).toContain(
      orderNumber,
    );

    const move = (status: string, as = token) =>
      postJson(server.url, `/api/operator/orders/${orderNumber}/status`, { status }, as);
    expect((await move('confirmed', guest.token)).status).toBe(403);
    expect((await move('delivered')).status).toBe(409);
    expect((await move('confirmed')).status).toBe(200);
    expect((await move('shipped')).status).toBe(200);

    const { documents } = await guest.pull<OrdersDoc>('orders');
    const order = documents.at(-1)!.orders.find((o) => o.orderNumber === orderNumber)!;
    expect(order.history.map((h) => h.status)).toEqual(['received', 'confirmed', 'shipped']);

    // Shipped: the shopper can no longer cancel.
    const cancel = guest.command('order.cancel', { orderId: payload.orderId });
    await guest.push([cancel]);
    expect((await guest.settled([cancel.id]))[0]).toMatchObject({
      status: 'rejected',
      error: { code: 'order_not_cancellable' },
    });
    expect((await move('delivered')).status).toBe(200);
    expect((await move('cancelled')).status).toBe(409);
    expect(await stockOf(server.db, ORDER_SKU)).toBe(3);

    const mails = await server.db.query<{ subject: string }>(
      "SELECT subject FROM mail_outbox WHERE kind = 'order-status' AND subject LIKE $1 ORDER BY id",
      [`%${orderNumber}%`],
    );
    expect(mails.map((m) => m.subject.split(' / ')[1])).toEqual([
      `Order ${orderNumber}: received`,
      `Order ${orderNumber}: confirmed`,
      `Order ${orderNumber}: shipped`,
      `Order ${orderNumber}: delivered`,
    ]);
  });

  it('the shopper cancels a received order and its stock comes back; the operator cancels a confirmed one', async () => {
    await setStock(server.db, ORDER_SKU, 5);
    const guest = await createGuest(server.url);
    const first = placePayload([{ sku: ORDER_SKU, qty: 2, unitPriceInclTaxEur: unit }]);
    const second = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]);
    const places = [guest.command('order.place', first), guest.command('order.place', second)];
    await guest.push(places);
    const settled = await guest.settled(places.map((p) => p.id));
    const secondNumber = settled.find((c) => c.id === places[1]!.id)?.result?.orderNumber as string;
    expect(await stockOf(server.db, ORDER_SKU)).toBe(2);

    const cancel = guest.command('order.cancel', { orderId: first.orderId });
    await guest.push([cancel]);
    expect((await guest.settled([cancel.id]))[0]?.result?.status).toBe('cancelled');
    expect(await stockOf(server.db, ORDER_SKU)).toBe(4);

    const { token } = await operator();
    expect(
      (await postJson(server.url, `/api/operator/orders/${secondNumber}/status`, { status: 'confirmed' }, token))
        .status,
    ).toBe(200);
    expect(
      (await postJson(server.url, `/api/operator/orders/${secondNumber}/status`, { status: 'cancelled' }, token))
        .status,
    ).toBe(200);
    expect(await stockOf(server.db, ORDER_SKU)).toBe(5);
  });

  it("a guest's orders follow the shopper to the user at login", async () => {
    await setStock(server.db, ORDER_SKU, 5);
    const { email } = await registerLoggedInUser(server.url, 'order-login');
    const guest = await createGuest(server.url);
    const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]);
    const place = guest.command('order.place', payload);
    await guest.push([place]);
    const orderNumber = (await guest.settled([place.id]))[0]?.result?.orderNumber as string;

    const login = await postJson(
      server.url,
      '/api/user/login',
      { username: email, password: TEST_PASSWORD },
      guest.token,
    );
    expect(login.status).toBe(200);
    const userToken = login.body.result as string;
    const own = await postJson(server.url, '/api/order/get', { orderNumber }, userToken);
    expect(own.status).toBe(200);
    expect(own.body.result.orderId).toBe(payload.orderId);
    const pulled = await fetch(`${server.url}/sync/orders/pull?after=0&limit=10`, {
      headers: { authorization: `Bearer ${userToken}` },
    });
    const docs = ((await pulled.json()) as { documents: OrdersDoc[] }).documents;
    expect(docs.at(-1)?.orders.map((o) => o.orderNumber)).toEqual([orderNumber]);
  });
});
