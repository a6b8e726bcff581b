import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTwoInstances, storeKind } from '../support/test-server.ts';

/**
 * At-least-once delivery behind a load balancer: a client's push is retried on another instance while
 * the first is still running, with overlapping commands. Both instances run commands inside pushes (and
 * have executors); every command must still run once, in seq order.
 */
describe(`one client's overlapping pushes on two instances at once (${storeKind})`, () => {
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

  it('every command runs exactly once, in seq order', async () => {
    const guest = await createGuest(first.url);
    const commands = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 2
        ? guest.command('cart.removeItem', { lineId: 'APP3', qty: 1 })
        : guest.command('cart.addItem', { sku: 'APP3', qty: 1 }),
    );
    const pushTo = async (url: string, docs: CommandDocument[]) => {
      const response = await fetch(`${url}/sync/commands/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${guest.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ rows: docs.map((d) => ({ newDocumentState: d })) }),
      });
      expect(response.status).toBe(200);
    };
    // Overlapping windows, each sent to both instances at the same moment; some start past a gap.
    for (const [from, to] of [
      [0, 10],
      [5, 25],
      [30, 45],
      [20, 35],
      [40, 60],
    ] as const) {
      await Promise.all([pushTo(first.url, commands.slice(from, to)), pushTo(second.url, commands.slice(from, to))]);
    }

    const ids = commands.map((c) => c.id);
    const settled = await guest.settled(ids, 20_000);
    expect(settled.every((c) => c.status === 'succeeded')).toBe(true);
    // Run once each, in order: two adds and a remove per three commands leave one unit per three.
    expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([20]);
    const cart = (await guest.pull<{ applied: { clientId: string; seq: number }[] }>('carts')).documents.at(-1);
    expect(cart?.applied).toEqual([{ clientId: guest.clientId, seq: 60 }]);
  });
});
