import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { Subscription } from 'rxjs';
import { createStoreDatabase, type StoreDatabase } from '../../client/sync/database.ts';
import { dexieStorage } from '../../client/sync/dexie-storage.ts';
import type { CommandDocument } from '../../schema/index.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { listenForEchoes, postEcho, type EchoListener } from './echo-server.ts';
import { cartCommand } from './raw-client.ts';

/**
 * The floor of a device-to-device trip on this stack: what any design of the sync core must spend, with
 * none of ours. Device A stores a command in its RxDB `commands` (Dexie, as dispatch does) and POSTs it;
 * the server commits one row in its store (`floorStore`) and writes the command to B's SSE stream; B
 * stores it settled in its RxDB `outcomes` and a query of them emits it. No validation, no execution, no
 * replication bookkeeping: the echo, plus the three writes a durable trip cannot skip.
 */
export interface FloorDevice {
  db: StoreDatabase;
  close(): Promise<void>;
}

let opened = 0;

export const openFloorDevice = async (label: string): Promise<FloorDevice> => {
  const db = await createStoreDatabase({
    name: `floor-${label}-${process.pid}-${++opened}`,
    storage: dexieStorage({ indexedDB, IDBKeyRange }),
    multiInstance: false,
  });
  // Removed, not only closed: RxDB's free version opens at most 13 collections a process, and the device opens its own.
  return { db, close: () => db.remove().then(() => undefined) };
};

/** A's part: the command stored locally, then posted; returns when the POST was answered. */
export const floorPost = async (device: FloorDevice, url: string, command: CommandDocument): Promise<void> => {
  await device.db.commands.insert(command);
  await postEcho(url, command);
};

/** B's part: each command that arrives is stored settled; `onSeen` when a query of the outcomes first holds it. */
export const floorListen = async (
  device: FloorDevice,
  url: string,
  onSeen: (id: string, at: number) => void,
  now: () => number,
): Promise<EchoListener> => {
  const seen = new Set<string>();
  const subscription: Subscription = device.db.outcomes.find().$.subscribe((docs) => {
    const at = now();
    for (const doc of docs) {
      if (seen.has(doc.id)) continue;
      seen.add(doc.id);
      onSeen(doc.id, at);
    }
  });
  let serverSeq = 0;
  const listener = await listenForEchoes(
    url,
    (_n, _at, body) => {
      const command = body as CommandDocument;
      void device.db.outcomes.insert({
        ...command,
        status: 'succeeded',
        resultCode: 'ok',
        processedAt: Date.now(),
        serverSeq: ++serverSeq,
      });
    },
    now,
  );
  return {
    close: async () => {
      subscription.unsubscribe();
      await listener.close();
    },
  };
};

/** The n-th command of the floor's rounds: a cart command as dispatch makes it (seq n + 1). */
export const floorCommand = (owner: string, clientId: string, n: number): CommandDocument =>
  cartCommand({ owner, clientId, seq: n + 1 }, 'add', n % 2 ? 'APP3' : 'IP17-256-BLK');

const FLOOR_TABLE = 'bench_floor';

/** The server's part beyond the echo: one transaction that changes one row, in the bench's store. */
export const floorStore = async (db: Database): Promise<() => Promise<void>> => {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS ${FLOOR_TABLE} (id int PRIMARY KEY, n bigint NOT NULL);
     INSERT INTO ${FLOOR_TABLE} VALUES (1, 0) ON CONFLICT (id) DO NOTHING;`,
  );
  return async () => {
    await db.transaction((tx) => tx.query(`UPDATE ${FLOOR_TABLE} SET n = n + 1 WHERE id = 1`));
  };
};
