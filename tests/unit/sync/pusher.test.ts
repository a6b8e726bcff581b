import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { BehaviorSubject, NEVER } from 'rxjs';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { createStoreDatabase, type StoreDatabase } from '../../../client/sync/database.ts';
import { dexieStorage } from '../../../client/sync/dexie-storage.ts';
import { startPusher, type Pusher } from '../../../client/sync/pusher.ts';
import type { SyncApi } from '../../../client/sync/sync-api.ts';
import type { CommandDocument } from '../../../schema/index.ts';

const command = (clientId: string, seq: number, createdAt = seq, owner = 'guest-1'): CommandDocument => ({
  id: uuidv7(),
  type: 'cart.addItem',
  payload: { sku: 'APP3', qty: 1 },
  owner,
  clientId,
  seq,
  createdAt,
  status: 'pending',
  serverSeq: 0,
});

/** Polls until `check` holds: 10 s at most, since a loaded CI machine can take over a second to get there. */
const until = async (check: () => boolean): Promise<void> => {
  const deadline = Date.now() + 10_000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('pushing commands', () => {
  let db: StoreDatabase;
  let pusher: Pusher | undefined;
  const controller = new AbortController();
  const pushed: { id: string; clientId: string; seq: number }[][] = [];
  const api = {
    push: async (rows: { newDocumentState: CommandDocument }[]) => {
      pushed.push(rows.map(({ newDocumentState: d }) => ({ id: d.id, clientId: d.clientId, seq: d.seq })));
      return { conflicts: [] };
    },
  } as unknown as SyncApi;

  afterEach(async () => {
    controller.abort();
    pusher?.stop();
    await db.close();
  });

  it('sends what waited offline in execution order, once, and each later command as it is written', async () => {
    db = await createStoreDatabase({
      name: `pusher-${Date.now()}`,
      storage: dexieStorage({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
    // Left by an earlier session, written before the pusher starts.
    const earlier = [command('client-aaaa', 2, 20), command('client-aaaa', 1, 10)];
    await db.commands.bulkInsert(earlier);
    const online = new BehaviorSubject(false);
    pusher = startPusher(db.commands, api, { online, signal: controller.signal, nudge$: NEVER }, new Set(['guest-1']));
    const offline = [command('client-bbbb', 1, 15), command('client-aaaa', 3, 30)];
    for (const doc of offline) await db.commands.insert(doc);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(pushed).toEqual([]);

    online.next(true);
    // One push or several (the change stream may hand the pusher a row while it reads the waiting ones): what
    // counts is the order the server receives them in, and that each goes once.
    const sent = () => pushed.flat().map((c) => `${c.clientId}:${c.seq}`);
    await until(() => sent().length >= 4);
    // Each client's commands by seq, clients interleaved by creation time (the executor's order).
    expect(sent()).toEqual(['client-aaaa:1', 'client-bbbb:1', 'client-aaaa:2', 'client-aaaa:3']);

    const next = command('client-aaaa', 4, 40);
    await db.commands.insert(next);
    await until(() => sent().length >= 5);
    expect(pushed.at(-1)!.map((c) => c.id)).toEqual([next.id]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sent()).toHaveLength(5);
  });

  it("holds another owner's commands (a user who logged out) and sends only this session's owners'", async () => {
    db = await createStoreDatabase({
      name: `pusher-held-${Date.now()}`,
      storage: dexieStorage({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
    const held = command('client-cccc', 1, 10, 'user-who-left');
    await db.commands.insert(held);
    const before = pushed.length;
    pusher = startPusher(
      db.commands,
      api,
      // Its own signal: the first test's afterEach aborted the shared one.
      { online: new BehaviorSubject(true), signal: new AbortController().signal, nudge$: NEVER },
      new Set(['user-now', 'guest-1']),
    );
    const mine = [command('client-dddd', 1, 20, 'user-now'), command('client-cccc', 2, 30, 'guest-1')];
    for (const doc of mine) await db.commands.insert(doc);
    await until(() => pushed.slice(before).flat().length === 2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const sent = pushed
      .slice(before)
      .flat()
      .map((c) => c.id);
    expect(sent.sort()).toEqual(mine.map((c) => c.id).sort());
    expect(sent).not.toContain(held.id);
    expect(await db.commands.findOne(held.id).exec()).not.toBeNull();
  });

  it('a command whose answer never came is pulled for, then sent again; an answered one is left alone', async () => {
    db = await createStoreDatabase({
      name: `pusher-settle-${Date.now()}`,
      storage: dexieStorage({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
    const lookedAfter: string[][] = [];
    const before = pushed.length;
    pusher = startPusher(
      db.commands,
      api,
      { online: new BehaviorSubject(true), signal: new AbortController().signal, nudge$: NEVER },
      new Set(['guest-1']),
      {
        afterMs: 200,
        unsettled: async (ids) => {
          lookedAfter.push([...ids]);
        },
      },
    );
    const lost = command('client-eeee', 1, 10);
    const answered = command('client-eeee', 2, 20);
    await db.commands.bulkInsert([lost, answered]);
    const sent = () =>
      pushed
        .slice(before)
        .flat()
        .map((c) => c.id);
    await until(() => sent().length === 2);
    // The answer to the second arrives: the device removes an answered command (housekeeping.ts).
    await db.commands.bulkRemove([answered.id]);

    await until(() => sent().length === 3);
    expect(lookedAfter).toEqual([[lost.id]]);
    expect(sent().at(-1)).toBe(lost.id);
    // Its wait doubles: not sent a fourth time right after.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(sent()).toHaveLength(3);
  });
});
