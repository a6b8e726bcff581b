import { featureOf } from '../../sync-server/features/registered.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import { Executor } from '../../sync-server/executor/executor.ts';
import { runBatch } from '../../sync-server/executor/run-batch.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { pushCommands } from '../../sync-server/sync/push-commands.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';

/**
 * A push runs the commands that are next in line for their client inside its own transaction; the
 * executor keeps everything else. Driven through pushCommands with an executor that is never started,
 * so nothing but the push can have run a command.
 */
describe(`commands next in line run in their push (${storeKind})`, () => {
  let db: Database;
  let server: RunningServer;
  let inline: Executor;
  beforeAll(async () => {
    db = await openTestDatabase();
    server = await startTestServer(db, 'off');
    inline = new Executor(db);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const push = (guest: Guest, docs: CommandDocument[], withExecutor = true) =>
    pushCommands(
      db,
      { owner: guest.owner, kind: 'guest' },
      { rows: docs.map((d) => ({ newDocumentState: d })) },
      withExecutor ? inline : undefined,
    );
  const statuses = async (guest: Guest) =>
    (await guest.pull<CommandDocument>('commands')).documents.map((d) => [d.seq, d.status]);
  const lastSeq = async (guest: Guest) =>
    (
      await db.query<{ last_seq: number }>('SELECT last_seq FROM sync_clients WHERE client_id = $1', [guest.clientId])
    )[0]?.last_seq;

  it('next in line: settled when the push returns, with its cart and last seq, and handed to the streams', async () => {
    const guest = await createGuest(server.url);
    const first = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const second = guest.command('cart.addItem', { sku: 'APP3', qty: 2 });
    const result = await push(guest, [second, first]);

    expect(result.leftPending).toBe(false);
    expect(await statuses(guest)).toEqual([
      [1, 'succeeded'],
      [2, 'succeeded'],
    ]);
    expect(await lastSeq(guest)).toBe(2);
    expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([3]);

    // What the streams get is what a pull returns, and `after` is the owner's outcome before (none).
    const outcomes = result.changes.find((c) => c.collection === 'outcomes')!;
    expect(outcomes.after).toBe(0);
    expect(outcomes.documents).toEqual((await guest.pull('outcomes')).documents);
    const carts = result.changes.find((c) => c.collection === 'carts')!;
    expect(carts.documents).toEqual((await guest.pull('carts')).documents);

    // The next push's change starts after this one's last outcome.
    const third = guest.command('cart.removeItem', { lineId: 'APP3', qty: 1 });
    const next = await push(guest, [third]);
    expect(next.changes.find((c) => c.collection === 'outcomes')!.after).toBe(outcomes.documents.at(-1)!.serverSeq);
  });

  it('a gap: what comes after it waits; filling it runs the run that is now next, and the executor the rest', async () => {
    const guest = await createGuest(server.url);
    const [one, two, three] = [
      guest.command('cart.addItem', { sku: 'APP3', qty: 1 }),
      guest.command('cart.addItem', { sku: 'APP3', qty: 1 }),
      guest.command('cart.removeItem', { lineId: 'APP3', qty: 1 }),
    ];
    const gap = await push(guest, [three]);
    expect(gap).toMatchObject({ leftPending: true, changes: [] });
    expect(await statuses(guest)).toEqual([[3, 'pending']]);

    const filled = await push(guest, [two, one]);
    // 1 and 2 ran in the push; 3 waited in the log, so it is the executor's.
    expect(filled.leftPending).toBe(true);
    expect(await lastSeq(guest)).toBe(2);
    expect(await runBatch(db, featureOf, { maxClients: 10, maxCommands: 100 })).toBe(1);
    expect((await statuses(guest)).sort()).toEqual([
      [1, 'succeeded'],
      [2, 'succeeded'],
      [3, 'succeeded'],
    ]);
    // In seq order: 1 + 1 - 1.
    expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([1]);
  });

  it('a repeated push answers with the stored state and runs nothing again', async () => {
    const guest = await createGuest(server.url);
    const add = guest.command('cart.addItem', { sku: 'APP3', qty: 2 });
    await push(guest, [add]);
    const stored = (await guest.pull<CommandDocument>('outcomes')).documents;
    const again = await push(guest, [add]);
    expect(again).toEqual({ response: { conflicts: stored }, changes: [], leftPending: false });
    expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([2]);
  });

  it('without an executor in the process a push only stores its commands', async () => {
    const guest = await createGuest(server.url);
    const add = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    expect(await push(guest, [add], false)).toMatchObject({ leftPending: true, changes: [] });
    expect(await statuses(guest)).toEqual([[1, 'pending']]);
    expect(await runBatch(db, featureOf, { maxClients: 10, maxCommands: 100 })).toBe(1);
    expect(await statuses(guest)).toEqual([[1, 'succeeded']]);
  });

  it('a cart changed hundreds of times takes the room of one: its old versions are reclaimed as it is written', async () => {
    // PGlite has no autovacuum: a version of the cart that a write leaves behind has to go at the next write
    // (PostgreSQL's in-page pruning of HOT updates), or the table and its indexes grow with every cart change.
    const guest = await createGuest(server.url);
    const change = (i: number) =>
      push(guest, [
        i % 2 === 0
          ? guest.command('cart.addItem', { sku: 'APP3', qty: 1 })
          : guest.command('cart.removeItem', { lineId: 'APP3' }),
      ]);
    const cartsBytes = async () =>
      (await db.query<{ bytes: number }>(`SELECT pg_total_relation_size('carts')::int AS bytes`))[0]!.bytes;
    for (let i = 0; i < 20; i++) await change(i);
    const before = await cartsBytes();
    for (let i = 20; i < 420; i++) await change(i);
    expect((await guest.cart())?.items).toEqual([]);
    // Were none reclaimed, the 400 changes would leave 400 old versions, and 800 index entries.
    expect(await cartsBytes()).toBeLessThanOrEqual(before + 16_384);
  });
});
