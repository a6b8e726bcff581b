import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { BehaviorSubject, NEVER } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createStoreDatabase, type StoreDatabase } from '../../../client/sync/database.ts';
import { dexieStorage } from '../../../client/sync/dexie-storage.ts';
import { startPuller, type Puller } from '../../../client/sync/puller.ts';
import type { SyncApi } from '../../../client/sync/sync-api.ts';
import { writeNewer } from '../../../client/sync/write-newer.ts';
import type { Cart, PullResponse } from '../../../schema/index.ts';

const cart = (serverSeq: number, qty: number): Cart => ({
  owner: 'guest-1',
  items: [{ lineId: 'APP3', sku: 'APP3', name: 'AirPods Pro 3', qty, unitPriceInclTax: 49_900, options: {} }],
  applied: [],
  updatedAt: serverSeq,
  serverSeq,
});

/** A server whose pull answers are released by the test, in any order. */
const heldPulls = () => {
  const calls: { after: number; answer: (page: PullResponse<unknown>) => void }[] = [];
  const api = {
    pull: (_collection: string, after: number) =>
      new Promise((resolve) => calls.push({ after, answer: resolve as (page: PullResponse<unknown>) => void })),
  } as unknown as SyncApi;
  return { api, calls };
};

const until = async (check: () => boolean | Promise<boolean>): Promise<void> => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await check()).toBe(true);
};

describe('pulling a pull-only collection', () => {
  let db: StoreDatabase;
  let puller: Puller | undefined;
  let controller: AbortController;
  const retry = () => {
    controller = new AbortController();
    return { online: new BehaviorSubject(true), signal: controller.signal, nudge$: NEVER };
  };
  const open = () =>
    createStoreDatabase({
      name: `puller-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      storage: dexieStorage({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
  afterEach(async () => {
    controller?.abort();
    await puller?.stop();
    await db.close();
  });

  it('a live event applied before an older pull page arrives is not taken back by it', async () => {
    db = await open();
    const { api, calls } = heldPulls();
    puller = startPuller(db, db.carts, api, 'test', retry());
    puller.resync();
    await until(() => calls.length === 1);

    // The stream delivers version 10 while the pull, answered from an older state, is still on its way.
    puller.apply({ collection: 'carts', documents: [cart(10, 3)], checkpoint: { serverSeq: 10 } });
    await until(async () => (await db.carts.findOne('guest-1').exec())?.serverSeq === 10);
    calls[0]!.answer({ documents: [cart(5, 1)], checkpoint: { serverSeq: 5 } });

    await new Promise((resolve) => setTimeout(resolve, 50));
    const held = await db.carts.findOne('guest-1').exec();
    expect(held?.serverSeq).toBe(10);
    expect(held?.items[0]?.qty).toBe(3);
  });

  it("a live event's checkpoint waits for the resync pull, which brings what came before the stream", async () => {
    db = await open();
    const { api, calls } = heldPulls();
    puller = startPuller(db, db.carts, api, 'test', retry());
    puller.resync();
    await until(() => calls.length === 1);
    puller.apply({ collection: 'carts', documents: [cart(10, 3)], checkpoint: { serverSeq: 10 } });
    await until(async () => (await db.carts.findOne('guest-1').exec())?.serverSeq === 10);

    // Another resync while the first pull is out: it runs again from the same checkpoint, 0 (not 10).
    puller.resync();
    calls[0]!.answer({ documents: [], checkpoint: { serverSeq: 0 } });
    await until(() => calls.length === 2);
    expect(calls[1]!.after).toBe(0);
    calls[1]!.answer({ documents: [cart(4, 2)], checkpoint: { serverSeq: 4 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await puller.stop();
    puller = undefined;
    // Pulled up to 4, and the stream had sent everything up to 10: both hold, so 10 is kept.
    expect((await db.getLocal<{ serverSeq: number }>('pull:carts'))?.toJSON().data.serverSeq).toBe(10);
  });

  it('writes only what is newer, and inserts what it has never seen', async () => {
    db = await open();
    const known = new Set<string>();
    await writeNewer(db.carts, [cart(7, 2)], known);
    await writeNewer(db.carts, [cart(6, 9), cart(8, 4), cart(3, 1)], known);
    // Not written by this session's writer (another tab, or a restart): found by the insert, then compared.
    await writeNewer(db.carts, [cart(5, 5)], new Set());
    const held = await db.carts.findOne('guest-1').exec();
    expect(held?.serverSeq).toBe(8);
    expect(held?.items[0]?.qty).toBe(4);
  });
});
