import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { reserveServerSeqs } from '../../sync-server/store/server-seq.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/** A puller that follows checkpoints as a client does, keeping the newest version of each document. */
const follow = (guest: Guest, collection: string) => {
  const seen = new Map<string, CommandDocument>();
  let after = 0;
  return {
    seen,
    async step() {
      const page = await guest.pull<CommandDocument>(collection, after, 50);
      for (const doc of page.documents) seen.set(doc.id, doc);
      after = page.checkpoint.serverSeq;
      return page.documents.length;
    },
  };
};

describe(`pull never skips a row committed late (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('a write that started first and commits last is still seen by a client following checkpoints', async () => {
    const guest = await createGuest(server.url);
    const puller = follow(guest, 'commands');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowId = uuidv7();

    // A slow transaction takes its sequence number first and keeps its transaction open.
    let reserved!: () => void;
    const hasReserved = new Promise<void>((resolve) => (reserved = resolve));
    const slow = server.db.transaction(async (tx) => {
      const seq = await reserveServerSeqs(tx, 1);
      await tx.query(
        `INSERT INTO commands (id, owner, client_id, seq, type, payload, created_at, status, server_seq)
         VALUES ($1, $2, 'slow-client-0001', 1, 'cart.clear', '{}', 0, 'pending', $3)`,
        [slowId, guest.owner, seq],
      );
      reserved();
      await held;
    });
    await hasReserved;

    // Meanwhile a fast push, and a client pulling while both are in flight.
    const fast = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const fastPush = guest.push([fast]);
    const pulling = (async () => {
      for (let i = 0; i < 5; i++) await puller.step();
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([slow, fastPush, pulling]);
    for (let i = 0; i < 3; i++) await puller.step();

    expect(puller.seen.has(slowId)).toBe(true);
    expect(puller.seen.has(fast.id)).toBe(true);
  });

  it('under concurrent pushes from several devices and the executor, the follower ends with exactly what a full pull shows', async () => {
    const guest = await createGuest(server.url);
    const puller = follow(guest, 'commands');
    const devices = Array.from({ length: 4 }, () => ({ clientId: `client-${uuidv7()}`, seq: 0 }));
    let writing = true;

    const pushes = devices.map(async (device) => {
      for (let batch = 0; batch < 10; batch++) {
        const docs = Array.from({ length: 5 }, () => {
          device.seq += 1;
          return guest.command(
            device.seq % 2 === 1 ? 'cart.addItem' : 'cart.removeItem',
            device.seq % 2 === 1 ? { sku: 'APP3', qty: 1 } : { lineId: 'APP3', qty: 1 },
            { clientId: device.clientId, seq: device.seq },
          );
        });
        await guest.push(docs);
      }
    });
    const following = (async () => {
      while (writing) await puller.step();
    })();
    await Promise.all(pushes);
    const all = (await guest.pull<CommandDocument>('commands')).documents.map((d) => d.id);
    await guest.settled(all, 30_000);
    writing = false;
    await following;
    while ((await puller.step()) > 0);

    const full = (await guest.pull<CommandDocument>('commands')).documents;
    expect(full).toHaveLength(4 * 10 * 5);
    expect([...puller.seen.values()].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...full].sort((a, b) => a.id.localeCompare(b.id)),
    );
    // Each device's commands ran in its own order: adds and removes alternate, so none was refused.
    expect(full.every((c) => c.status === 'succeeded')).toBe(true);
  });
});
