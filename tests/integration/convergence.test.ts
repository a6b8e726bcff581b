import { describe, expect, it } from 'vitest';
import { adoptIdentity, type Device } from '../support/node-client.ts';
import { serverWithDevices } from '../support/server-with-devices.ts';
import { storeKind } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

describe(`two devices of one shopper converge (${storeKind})`, () => {
  const test = serverWithDevices();

  const sharingCartWith = async (first: Device): Promise<Device> => {
    // A second device of the same shopper: same identity (accounts will do this by login).
    const second = await test.openDevice();
    await adoptIdentity(second, first);
    return second;
  };

  it('offline adds on one device reach the other once it is back online, in the same cart', async () => {
    const a = await test.openDevice();
    const b = await sharingCartWith(a);
    await waitFor(a.client.products$, (p) => p.length >= 6, 'products on A');

    a.network.setOnline(false);
    await a.client.dispatch('cart.addItem', { sku: 'APP3', qty: 1 });
    await a.client.dispatch('cart.addItem', { sku: 'APP3', qty: 2 });
    await a.client.dispatch('cart.addItem', { sku: 'IP17-256-BLK', qty: 1 });

    // Offline: A shows its cart at once, with three commands waiting; B has seen nothing.
    const offlineCart = await waitFor(a.client.cart$, (c) => c.totals.itemCount === 4, 'optimistic cart on A');
    expect(offlineCart.items.map((l) => [l.sku, l.qty])).toEqual([
      ['APP3', 3],
      ['IP17-256-BLK', 1],
    ]);
    expect((await waitFor(a.client.syncState$, (s) => s.waiting === 3, 'A waiting 3')).waiting).toBe(3);

    a.network.setOnline(true);
    await a.client.settled();
    const onB = await waitFor(b.client.cart$, (c) => c.totals.itemCount === 4, 'cart on B');
    const onA = await waitFor(a.client.cart$, (c) => c.totals.itemCount === 4, 'cart on A');
    expect(onB.items).toEqual(onA.items);
    expect(onB.totals.totalInclTax).toBe(3 * 49_900 + 189_900);
  });

  it('both devices adding while offline end with the sum of both, on both', async () => {
    const a = await test.openDevice();
    const b = await sharingCartWith(a);
    await waitFor(b.client.products$, (p) => p.length >= 6, 'products on B');
    await waitFor(a.client.products$, (p) => p.length >= 6, 'products on A');

    a.network.setOnline(false);
    b.network.setOnline(false);
    await a.client.dispatch('cart.addItem', { sku: 'AW11-46-ALU', qty: 1 });
    await b.client.dispatch('cart.addItem', { sku: 'AW11-46-ALU', qty: 2 });
    await b.client.dispatch('cart.addItem', { sku: 'APP3', qty: 1 });
    a.network.setOnline(true);
    b.network.setOnline(true);
    await Promise.all([a.client.settled(), b.client.settled()]);

    const expected = (c: { items: { sku: string; qty: number }[] }) =>
      c.items.find((l) => l.sku === 'AW11-46-ALU')?.qty === 3 && c.items.find((l) => l.sku === 'APP3')?.qty === 1;
    const onA = await waitFor(a.client.cart$, expected, 'merged cart on A');
    const onB = await waitFor(b.client.cart$, expected, 'merged cart on B');
    expect(onA.items).toEqual(onB.items);
  });

  it('a refused command is shown as refused and changes nothing', async () => {
    const a = await test.openDevice();
    await waitFor(a.client.products$, (p) => p.length >= 6, 'products');
    const command = await a.client.dispatch('cart.addItem', { sku: 'MAGIC-KB-BG', qty: 1 });
    const settled = await waitFor(
      a.client.commands$,
      (list) => list.some((c) => c.id === command.id && c.status !== 'pending'),
      'result of the refused add',
    );
    const result = settled.find((c) => c.id === command.id)!;
    expect(result.status).toBe('rejected');
    expect(result.error?.message).toBe('The product is out of stock and cannot be added to the cart!');
    const cart = await waitFor(a.client.cart$, () => true, 'cart');
    expect(cart.items).toEqual([]);
  });
});
