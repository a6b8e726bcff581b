import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import { openDevice } from '../support/node-client.ts';
import { replayCart } from '../support/replay.ts';
import { freePort, killHard, spawnServer } from '../support/server-process.ts';
import { openTestDatabase, storeKind } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

describe(`the server killed mid-run and restarted (${storeKind})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('loses nothing and runs nothing twice', { timeout: 180_000 }, async () => {
    if (process.env.DATABASE_URL) await (await openTestDatabase()).close(); // start from an empty PostgreSQL
    const port = String(await freePort());
    const env = {
      PORT: port,
      DATA_DIR: path.join(dataDir, 'pglite'),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    };
    let server = await spawnServer(env);
    const device = await openDevice(server.url);
    try {
      await waitFor(device.client.products$, (p) => p.length >= 6, 'products');
      const total = 240;
      const dispatched: CommandDocument[] = [];
      for (let i = 0; i < total; i++) {
        // A pattern whose outcome depends on every command running once, in order.
        const kind = i % 3;
        dispatched.push(
          kind === 2
            ? await device.client.dispatch('cart.removeItem', { lineId: 'APP3', qty: 1 })
            : await device.client.dispatch('cart.addItem', { sku: kind === 0 ? 'APP3' : 'AW11-46-ALU', qty: 1 }),
        );
        if (i === 80) {
          // Kill it while commands are in flight, then bring it back on the same store.
          await waitFor(device.client.syncState$, (s) => s.waiting < 70, 'some commands executed before the kill');
          await killHard(server);
          server = await spawnServer(env);
        }
      }
      await device.client.settled();

      const stored = await device.client.db.outcomes.find({ selector: { owner: dispatched[0]!.owner } }).exec();
      expect(stored).toHaveLength(total);
      expect(stored.filter((c) => c.status !== 'succeeded' && c.status !== 'rejected')).toEqual([]);
      expect(new Set(stored.map((c) => c.seq)).size).toBe(total);

      // The cart equals the shared rules applied exactly once each, in order.
      const expected = replayCart(dispatched[0]!.owner, dispatched);
      const cart = await waitFor(
        device.client.cart$,
        (c) => c.applied.some((a) => a.seq === total),
        'cart reflecting the last command',
      );
      expect(cart.items).toEqual(expected.items);
    } finally {
      await device.client.stop();
      await killHard(server);
    }
  });
});
