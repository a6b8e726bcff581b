import { afterEach, describe, expect, it } from 'vitest';
import { openDevice, type Device } from '../support/node-client.ts';
import { serverWithDevices } from '../support/server-with-devices.ts';
import { storeKind } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';
import { saving } from '../support/wishlist.ts';

/**
 * A first visit with no connection (or before the server's guest identity has come): the shopper's taps are kept on
 * the device at once, show in the cart, survive a reload, and reach the server once the device has its guest.
 */
describe(`taps before the device has an identity (${storeKind})`, () => {
  const test = serverWithDevices();
  const opened: Device[] = [];
  const open = async (name: string, options: { offline?: boolean; unreachable?: string[] }) => {
    const device = await openDevice(test.server.url, name, options);
    opened.push(device);
    return device;
  };
  const close = async (device: Device) => {
    opened.splice(opened.indexOf(device), 1);
    await device.client.stop();
  };
  afterEach(async () => {
    for (const device of opened.splice(0)) await device.client.stop();
  });

  it('are kept through a reload with no identity, then sent under the guest that comes, in order', async () => {
    const name = `first-visit-${Date.now()}`;
    const first = await open(name, { offline: true });
    const added = await first.client.dispatch('cart.addItem', { sku: 'APP3', qty: 1 });
    await first.client.dispatch('cart.addItem', { sku: 'APP3', qty: 2 });
    expect(added.seq).toBe(1);
    // Kept on the device and counted as waiting. (The cart prices its lines from the device's catalogue, which a
    // first visit with no connection does not have yet: the lines show once it comes.)
    const state = await waitFor(first.client.syncState$, (s) => s.waiting === 2, 'two taps waiting');
    expect(state.identityReady).toBe(false);

    // The tab is reloaded, still offline: the taps are on the device.
    await close(first);
    const reloaded = await open(name, { offline: true });
    await waitFor(reloaded.client.syncState$, (s) => s.waiting === 2, 'the two taps after the reload');

    // The connection comes: the device gets its guest, the taps become the guest's and the server runs them once, and
    // the cart shows them.
    reloaded.network.setOnline(true);
    await waitFor(reloaded.client.syncState$, (s) => s.identityReady && s.waiting === 0, 'the taps answered');
    const identity = (await reloaded.client.db.getLocal<{ owner: string }>('identity'))!.toJSON().data;
    const serverCart = await waitFor(
      reloaded.client.db.carts.findOne(identity.owner).$,
      (doc) => doc !== null && doc.items.length === 1,
      "the server's cart pulled",
    );
    expect(serverCart!.items.map((line) => [line.sku, line.qty])).toEqual([['APP3', 3]]);
    await waitFor(reloaded.client.cart$, (c) => c.items[0]?.qty === 3, 'the cart shows the three');
    const outcomes = await reloaded.client.db.outcomes.find().exec();
    expect(outcomes.map((o) => [o.owner, o.status])).toEqual([
      [identity.owner, 'succeeded'],
      [identity.owner, 'succeeded'],
    ]);

    // A tap after the identity follows on: the device's next command runs too.
    await reloaded.client.dispatch('cart.addItem', { sku: 'APP3', qty: 1 });
    await waitFor(reloaded.client.syncState$, (s) => s.waiting === 0, 'the next tap answered');
    expect((await waitFor(reloaded.client.cart$, (c) => c.items[0]?.qty === 4, 'four in the cart')).items).toHaveLength(
      1,
    );
  });

  it('are priced in the cart and shown in the wishlist while the guest cannot be had: the catalogue comes without one', async () => {
    // Online, but the guest cart's address cannot be reached (a proxy, a refused request).
    const device = await open(`no-guest-${Date.now()}`, { unreachable: ['/api/cart/create'] });
    await device.client.dispatch('cart.addItem', { sku: 'APP3', qty: 2 });
    await device.client.dispatch('wishlist.add', saving('IP17-256-BLK'));
    const cart = await waitFor(device.client.cart$, (c) => c.items.length === 1, 'the tap priced in the cart');
    expect(cart.items[0]).toMatchObject({ sku: 'APP3', qty: 2 });
    expect(cart.totals.itemCount).toBe(2);
    await waitFor(device.client.wishlist$, (w) => w.items.some((i) => i.sku === 'IP17-256-BLK'), 'the saved product');
    expect((await waitFor(device.client.syncState$, (s) => s.waiting === 2, 'the taps waiting')).identityReady).toBe(
      false,
    );

    // The guest comes: the tap is sent, and the server's cart says the same.
    device.network.setUnreachable('/api/cart/create', false);
    await waitFor(device.client.syncState$, (s) => s.identityReady && s.waiting === 0, 'the tap answered', 40_000);
    const answered = await waitFor(device.client.cart$, (c) => c.owner !== 'provisional', "the guest's cart");
    expect(answered.items.map((line) => [line.sku, line.qty])).toEqual([['APP3', 2]]);
    const saved = await waitFor(device.client.wishlist$, (w) => w.owner !== 'provisional', "the guest's wishlist");
    expect(saved.items.map((item) => item.sku)).toEqual(['IP17-256-BLK']);
  }, 60_000);
});
