import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { startFlakyProxy } from '../support/flaky-proxy.ts';
import { openDevice } from '../support/node-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

/**
 * A shopper on a bad mobile link: connections that die without closing, and connections cut.
 * The browser still thinks it is online, so only timeouts and retries get the commands through.
 */
describe(`network faults between device and server (${storeKind})`, () => {
  let server: RunningServer;
  let proxy: Awaited<ReturnType<typeof startFlakyProxy>>;
  beforeAll(async () => {
    server = await startTestServer(undefined, 'on', 200);
    proxy = await startFlakyProxy(new URL(server.url));
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('a command sent into a dead link gets through once the link is back, exactly once', async () => {
    const device = await openDevice(proxy.url, undefined, { requestTimeoutMs: 800, streamIdleMs: 1000 });
    try {
      await waitFor(device.client.products$, (p) => p.length >= 6, 'products');
      await waitFor(device.client.syncState$, (s) => s.connected, 'live stream');

      proxy.setMode('blackhole');
      await device.client.dispatch('cart.addItem', { sku: 'APP3', qty: 2 });
      // The shopper sees the change at once and that it waits.
      expect(
        (await waitFor(device.client.cart$, (c) => c.totals.itemCount === 2, 'optimistic cart')).items,
      ).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await waitFor(device.client.syncState$, () => true, 'state')).waiting).toBe(1);

      // The link comes back; the connections opened during the black hole stay dead.
      proxy.setMode('forward');
      await waitFor(device.client.syncState$, (s) => s.waiting === 0, 'command answered', 15_000);
      const cart = await waitFor(device.client.cart$, (c) => c.serverSeq > 0 && c.applied.length > 0, 'server cart');
      expect(cart.items.map((l) => [l.sku, l.qty])).toEqual([['APP3', 2]]);
    } finally {
      await device.client.stop();
    }
  });

  it('connections cut mid-flight are retried until the commands land, none twice', async () => {
    const device = await openDevice(proxy.url, undefined, { requestTimeoutMs: 800, streamIdleMs: 1000 });
    try {
      await waitFor(device.client.products$, (p) => p.length >= 6, 'products');
      for (let round = 0; round < 5; round++) {
        await device.client.dispatch('cart.addItem', { sku: 'AW11-46-ALU', qty: 1 });
        proxy.setMode(round % 2 === 0 ? 'reset' : 'forward');
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      proxy.setMode('forward');
      await device.client.settled();
      const cart = await waitFor(
        device.client.cart$,
        (c) => c.items.find((l) => l.sku === 'AW11-46-ALU')?.qty === 5,
        'five watches, each added once',
        15_000,
      );
      expect(cart.totals.itemCount).toBe(5);
    } finally {
      await device.client.stop();
    }
  });
});
