import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineIdOf } from '../../schema/cart/cart.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock } from '../support/order-world.ts';
import { placePayload } from '../support/orders.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * The kernel's promise: each command sees the effects of every command before it in its client's order, whichever
 * features they belong to, whether they came in one push (a queue drained after an offline spell) or one by one.
 * An order takes its lines out of the cart; a cart command after it in the same push must see the cart without them.
 */
describe(`a batch's commands see each other's effects across features (${storeKind})`, () => {
  let server: RunningServer;
  let unit: number;

  beforeAll(async () => {
    server = await startTestServer();
    unit = await guestUnitPriceEur(server.url, ORDER_SKU);
  });
  afterAll(() => server.close());

  const shopperWithOneInCart = async () => {
    await setStock(server.db, ORDER_SKU, 50);
    const guest = await createGuest(server.url);
    const add = guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    await guest.push([add]);
    await guest.settled([add.id]);
    return guest;
  };

  it('an order then an add of the same product in one push leaves only the new unit in the cart', async () => {
    const guest = await shopperWithOneInCart();
    const place = guest.command('order.place', placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]));
    const add = guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    await guest.push([place, add]);
    const settled = await guest.settled([place.id, add.id]);
    expect(settled.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    expect((await guest.cart())?.items.map((l) => [l.sku, l.qty])).toEqual([[ORDER_SKU, 1]]);
  });

  it('a quantity change after the order in the same push is refused: the ordered line is gone', async () => {
    const guest = await shopperWithOneInCart();
    const place = guest.command('order.place', placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]));
    const update = guest.command('cart.updateQty', { lineId: lineIdOf(ORDER_SKU), qty: 3 });
    await guest.push([place, update]);
    const settled = new Map((await guest.settled([place.id, update.id])).map((c) => [c.id, c.status]));
    expect(settled.get(place.id)).toBe('succeeded');
    expect(settled.get(update.id)).toBe('rejected');
    expect((await guest.cart())?.items).toEqual([]);
  });

  it('the same commands pushed one at a time leave the same cart', async () => {
    const guest = await shopperWithOneInCart();
    const place = guest.command('order.place', placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]));
    await guest.push([place]);
    await guest.settled([place.id]);
    const add = guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    await guest.push([add]);
    await guest.settled([add.id]);
    expect((await guest.cart())?.items.map((l) => [l.sku, l.qty])).toEqual([[ORDER_SKU, 1]]);
  });
});
