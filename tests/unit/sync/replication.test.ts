import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createStoreDatabase, type StoreDatabase } from '../../../client/sync/database.ts';
import { dexieStorage } from '../../../client/sync/dexie-storage.ts';
import { startReplication, type Replication } from '../../../client/sync/replication.ts';
import type { StreamMessage, SyncApi } from '../../../client/sync/sync-api.ts';
import type { Cart, CommandDocument } from '../../../schema/index.ts';

const owner = 'guest-1';
const clientId = '01a200e1-b7da-76e0-8715-d31974ce8e4d';

const outcome = (seq: number, serverSeq: number): CommandDocument => ({
  id: `01a200e1-b7da-76e0-8715-${String(seq).padStart(12, '0')}`,
  type: 'cart.addItem',
  payload: { sku: 'APP3', qty: 1, options: {} },
  owner,
  clientId,
  seq,
  createdAt: 1,
  status: 'succeeded',
  processedAt: 2,
  serverSeq,
});
const cart = (seq: number, serverSeq: number): Cart => ({
  owner,
  items: [{ lineId: 'APP3', sku: 'APP3', name: 'AirPods Pro 3', qty: seq, unitPriceInclTax: 49_900, options: {} }],
  applied: [{ clientId, seq }],
  updatedAt: serverSeq,
  serverSeq,
});
const changes = (collection: string, documents: { serverSeq: number }[]): StreamMessage => ({
  kind: 'changes',
  event: { collection, documents, checkpoint: { serverSeq: Math.max(...documents.map((d) => d.serverSeq)) } },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('replication of live stream events', () => {
  let db: StoreDatabase;
  let replication: Replication | undefined;
  afterEach(async () => {
    await replication?.stop();
    await db.close();
  });

  /** A replication fed by the test's stream, over a server with nothing to pull; `slow` writes take 40 ms more. */
  const start = async (slow: 'outcomes' | 'carts') => {
    db = await createStoreDatabase({
      name: `replication-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      storage: dexieStorage({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
    const api = { pull: async () => ({ documents: [], checkpoint: { serverSeq: 0 } }) } as unknown as SyncApi;
    const stream$ = new Subject<StreamMessage>();
    const scope = { server: 'test', owner, sendingOwners: [owner] };
    replication = startReplication(db, api, stream$, scope, new BehaviorSubject(true));
    const collection = db[slow] as unknown as { bulkInsert: (docs: unknown[]) => Promise<unknown> };
    const bulkInsert = collection.bulkInsert.bind(collection);
    collection.bulkInsert = async (docs) => {
      await sleep(40);
      return bulkInsert(docs);
    };
    const written: string[] = [];
    db.outcomes.eventBulks$.subscribe(() => written.push('outcomes'));
    db.carts.eventBulks$.subscribe(() => written.push('carts'));
    return { stream$, written };
  };

  it("writes one chunk's events in the order they came: the outcome, then the cart", async () => {
    const { stream$, written } = await start('outcomes');
    // One chunk: the parser hands both events over in one synchronous run.
    stream$.next(changes('outcomes', [outcome(1, 1)]));
    stream$.next(changes('carts', [cart(1, 2)]));
    await expect.poll(() => written.length, { timeout: 2000 }).toBe(2);
    expect(written).toEqual(['outcomes', 'carts']);
  });

  it('does not hold a later chunk back behind an earlier chunk of another collection', async () => {
    const { stream$, written } = await start('carts');
    stream$.next(changes('carts', [cart(1, 2)]));
    await sleep(5);
    stream$.next(changes('outcomes', [outcome(2, 3)]));
    await expect.poll(() => written.length, { timeout: 2000 }).toBe(2);
    expect(written).toEqual(['outcomes', 'carts']);
  });
});
