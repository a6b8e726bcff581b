import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, ordersOf, setStock, stockOf } from '../support/order-world.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Issue 16 "Bad input": a malformed order, a forged total, another owner's order, an unknown shipping method: a
 * clear refusal naming the field, nothing stored changes, no stock moves.
 */
describe(`orders refused (${storeKind})`, () => {
  let server: RunningServer;
  let unit: number;
  const STOCK = 4;

  beforeAll(async () => {
    server = await startTestServer();
    unit = await guestUnitPriceEur(server.url, ORDER_SKU);
  });
  afterAll(() => server.close());

  const commandsOf = (owner: string) =>
    server.db.query<{ id: string }>('SELECT id FROM commands WHERE owner = $1 AND type LIKE $2', [owner, 'order.%']);

  it('a forged total is refused naming reviewedTotalEur; nothing stored, no stock moved', async () => {
    await setStock(server.db, ORDER_SKU, STOCK);
    const guest = await createGuest(server.url);
    const place = guest.command('order.place', {
      ...placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]),
      reviewedTotalEur: 1,
    });
    await guest.push([place]);
    const [settled] = await guest.settled([place.id]);
    expect(settled).toMatchObject({
      status: 'rejected',
      error: { code: 'total_mismatch', field: 'payload.reviewedTotalEur' },
    });
    expect(await ordersOf(server.db, guest.owner)).toEqual([]);
    expect(await stockOf(server.db, ORDER_SKU)).toBe(STOCK);
  });

  it('a malformed order or an unknown shipping method is a 400 naming the field; nothing of the push is stored', async () => {
    const guest = await createGuest(server.url);
    const noLines = guest.command('order.place', {
      ...placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]),
      lines: [],
    });
    const malformed = await guest.pushRaw({ rows: [{ newDocumentState: noLines }] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.result).toMatchObject({ field: 'rows.0.newDocumentState.payload.lines' });

    const drone = guest.command(
      'order.place',
      placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }], {
        details: { ...validDetails, shipping: { ...validDetails.shipping, shippingMethod: 'drone' as 'courier' } },
      }),
      { seq: 1 },
    );
    const unknown = await guest.pushRaw({ rows: [{ newDocumentState: drone }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result).toMatchObject({
      field: 'rows.0.newDocumentState.payload.details.shipping.shippingMethod',
    });
    expect(await commandsOf(guest.owner)).toEqual([]);

    // The same through POST /api/order.
    const body = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }], {
      details: { ...validDetails, shipping: { ...validDetails.shipping, shippingMethod: 'drone' as 'courier' } },
    });
    const api = await postJson(server.url, '/api/order', body, guest.token);
    expect(api.status).toBe(400);
    expect(api.body.result.field).toBe('details.shipping.shippingMethod');
    const forged = await postJson(
      server.url,
      '/api/order',
      { ...placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]), reviewedTotalEur: 1 },
      guest.token,
    );
    expect(forged.status).toBe(422);
    expect(forged.body.result.field).toBe('reviewedTotalEur');
    expect(await ordersOf(server.db, guest.owner)).toEqual([]);
    expect(await stockOf(server.db, ORDER_SKU)).toBe(STOCK);
  });

  it("another owner's order can be neither cancelled, confirmed nor taken over; it stays as it was", async () => {
    await setStock(server.db, ORDER_SKU, STOCK);
    const [owner, other] = [await createGuest(server.url), await createGuest(server.url)];
    const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]);
    const place = owner.command('order.place', payload);
    await owner.push([place]);
    expect((await owner.settled([place.id]))[0]?.result?.status).toBe('received');

    const cancel = other.command('order.cancel', { orderId: payload.orderId });
    const confirm = other.command('order.confirm', { orderId: payload.orderId, acceptedTotalEur: 0 });
    const takeOver = other.command('order.place', payload);
    await other.push([cancel, confirm, takeOver]);
    const settled = await other.settled([cancel.id, confirm.id, takeOver.id]);
    const byId = new Map(settled.map((c) => [c.id, c]));
    expect(byId.get(cancel.id)).toMatchObject({
      status: 'rejected',
      error: { code: 'order_not_found', field: 'payload.orderId' },
    });
    expect(byId.get(confirm.id)).toMatchObject({ status: 'rejected', error: { code: 'order_not_found' } });
    expect(byId.get(takeOver.id)).toMatchObject({
      status: 'rejected',
      error: { code: 'order_exists', field: 'payload.orderId' },
    });

    expect((await ordersOf(server.db, owner.owner)).map((o) => o.status)).toEqual(['received']);
    expect(await ordersOf(server.db, other.owner)).toEqual([]);
    expect(await stockOf(server.db, ORDER_SKU)).toBe(STOCK - 1);
  });
});
