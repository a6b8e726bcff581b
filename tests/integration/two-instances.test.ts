import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { adoptIdentity, openDevice } from '../support/node-client.ts';
import { createGuest } from '../support/protocol-client.ts';
import { replayCart } from '../support/replay.ts';
import { startTwoInstances, storeKind } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

/**
 * Two sync-server instances on one store, each with its own executor and streams: on PostgreSQL two
 * connection pools (executors compete through SKIP LOCKED, streams fan out through LISTEN/NOTIFY);
 * on PGlite one embedded database shared in-process.
 */
describe(`two server instances sharing one store (${storeKind})`, () => {
  let first: RunningServer;
  let second: RunningServer;
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;

  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ first, second } = instances);
  });
  afterAll(async () => {
    await instances.close();
  });

  it('devices on different instances converge, and every command runs exactly once, in order', async () => {
    const a = await openDevice(first.url);
    const b = await openDevice(second.url);
    try {
      const identity = await adoptIdentity(b, a);
      await waitFor(a.client.products$, (p) => p.length >= 6, 'products on A');
      await waitFor(b.client.products$, (p) => p.length >= 6, 'products on B');

      const sent: CommandDocument[] = [];
      for (let i = 0; i < 40; i++) {
        const device = i % 2 === 0 ? a : b;
        sent.push(await device.client.dispatch('cart.addItem', { sku: i % 4 < 2 ? 'APP3' : 'IP17-256-BLK', qty: 1 }));
      }
      await Promise.all([a.client.settled(), b.client.settled()]);

      // A's own commands are settled; B's outcomes reach A through the other instance's stream, a moment later.
      const outcomes = await waitFor(
        a.client.db.outcomes.find({ selector: { owner: identity.owner } }).$,
        (docs) => docs.length >= sent.length,
        'every outcome on A',
      );
      const ids = outcomes.map((o) => o.id);
      expect(new Set(ids).size).toBe(sent.length);
      expect(outcomes.every((o) => o.status === 'succeeded')).toBe(true);

      const expectedQty = (sku: string) => sent.filter((c) => c.payload.sku === sku).length;
      const converged = (c: { items: { sku: string; qty: number }[] }) =>
        c.items.find((l) => l.sku === 'APP3')?.qty === expectedQty('APP3') &&
        c.items.find((l) => l.sku === 'IP17-256-BLK')?.qty === expectedQty('IP17-256-BLK');
      const onA = await waitFor(a.client.cart$, converged, 'cart on A');
      const onB = await waitFor(b.client.cart$, converged, 'cart on B');
      expect(onA.items).toEqual(onB.items);

      // The same history folded by the shared rules gives the same cart: nothing ran twice.
      const history = outcomes
        .map((o) => o.toMutableJSON() as CommandDocument)
        .sort((x, y) => x.serverSeq - y.serverSeq);
      const replayed = replayCart(identity.owner, history);
      expect(onA.items.map((l) => [l.sku, l.qty]).sort()).toEqual(replayed.items.map((l) => [l.sku, l.qty]).sort());
    } finally {
      await a.client.stop();
      await b.client.stop();
    }
  });

  it("a live stream's ticket handed out by one instance opens the stream on the other (a balancer may send it there)", async () => {
    const guest = await createGuest(first.url);
    const issued = await fetch(`${first.url}/sync/stream-ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guest.token}` },
    });
    const { result: ticket } = (await issued.json()) as { result: string };
    const controller = new AbortController();
    const stream = await fetch(`${second.url}/sync/stream?ticket=${encodeURIComponent(ticket)}`, {
      signal: controller.signal,
    });
    controller.abort();
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
  });
});
