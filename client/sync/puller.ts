import type { RxCollection } from 'rxdb';
import type { ChangesEvent } from '../../schema/index.ts';
import { yieldToMain } from '../lib/main-thread.ts';
import type { StoreDatabase } from './database.ts';
import { persist, Stopped, type PersistOptions } from './persist.ts';
import type { SyncApi } from './sync-api.ts';
import { writeNewer, type ServerDocument } from './write-newer.ts';

const PULL_BATCH = 500;
/** Documents written per storage call; a live event (a handful) is one slice, with no yield. */
const WRITE_SLICE = 100;
/** The checkpoint only saves re-pulling after a restart, so it is stored lazily, at most this often. */
const SAVE_CHECKPOINT_MS = 1000;

export interface Puller {
  /** Pull from the checkpoint until nothing is left (every stream (re)connect, coming back online). */
  resync(): void;
  /** A live `changes` event for this collection; resolves once it is written (or failed and a resync was asked). */
  apply(event: ChangesEvent): Promise<void>;
  stop(): Promise<void>;
}

const checkpointKey = (collection: string): string => `pull:${collection}`;

/**
 * Forgets where the collection's pull had got to: the next puller pulls it from the start. For rows the device
 * removed (a logout): with the checkpoint kept, the same user logging in again would be told there is nothing new.
 */
export const forgetCheckpoint = async (db: StoreDatabase, collection: string): Promise<void> => {
  await (await db.getLocal(checkpointKey(collection)))?.remove();
};

interface SavedCheckpoint {
  identifier: string;
  serverSeq: number;
}

/**
 * Replicates one pull-only collection: pages from its checkpoint, and live events, written with
 * `writeNewer` one write at a time in arrival order. It replaces RxDB's replication for these
 * collections, whose bookkeeping (a meta document per replicated document, and checkpoint documents)
 * was two thirds of the storage writes of a command's round trip: 12 of 18 writes, and 6 more reads,
 * per round on two devices. Measured with every server-side speed-up in place (bench:sync, Node): RxDB's
 * replication 10.5-11.7 ms device to device at p50 (11x the HTTP+SSE echo, 18 ms of CPU a round), this
 * puller with the pusher 6.5-7.2 ms (7.7x, 12 ms).
 *
 * The checkpoint (every row up to it is here) moves with each pulled page. A live event may move it
 * only once a pull that started after the stream's latest (re)connect has finished: the stream sends
 * what changed after it connected, and that pull brings what came before.
 */
export const startPuller = (
  db: StoreDatabase,
  collection: RxCollection,
  api: SyncApi,
  identifier: string,
  retry: PersistOptions,
): Puller => {
  const key = checkpointKey(collection.name);
  let checkpoint = 0;
  const loaded = db.getLocal<SavedCheckpoint>(key).then((doc) => {
    const saved = doc?.toJSON().data;
    if (saved?.identifier === identifier) checkpoint = Math.max(checkpoint, saved.serverSeq);
  });

  const known = new Set<string>();
  let writes: Promise<unknown> = Promise.resolve();
  const write = (documents: ServerDocument[]): Promise<void> => {
    const next = writes.then(async () => {
      // A page of 500 is written in slices with the browser let in between: one bulk write of it is a long
      // task on a slow phone, right while the first page is becoming usable.
      for (let at = 0; at < documents.length; at += WRITE_SLICE) {
        if (at > 0) await yieldToMain();
        // A request that was under way when the puller stopped writes nothing: the database may be closing.
        if (retry.signal.aborted) return;
        await writeNewer(collection, documents.slice(at, at + WRITE_SLICE), known);
      }
    });
    writes = next.catch(() => undefined);
    return next;
  };

  let saving: Promise<unknown> = Promise.resolve();
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    saveTimer = undefined;
    const data: SavedCheckpoint = { identifier, serverSeq: checkpoint };
    saving = saving.then(() => db.upsertLocal(key, data)).catch(() => undefined);
  };
  const advance = (to: number) => {
    if (to <= checkpoint) return;
    checkpoint = to;
    saveTimer ??= setTimeout(save, SAVE_CHECKPOINT_MS);
  };

  let pulling = false;
  let again = false;
  /** Live checkpoints received while a pull was due: taken once it has finished. */
  let heldBack = 0;
  const pull = async (): Promise<void> => {
    pulling = true;
    try {
      await loaded;
      do {
        again = false;
        for (let full = true; full;) {
          const after = checkpoint;
          const page = await persist(async () => {
            const answer = await api.pull<ServerDocument>(collection.name, after, PULL_BATCH);
            await write(answer.documents);
            return answer;
          }, retry);
          advance(page.checkpoint.serverSeq);
          full = page.documents.length === PULL_BATCH;
        }
      } while (again);
      advance(heldBack);
    } catch (error) {
      if (!(error instanceof Stopped)) console.error(`[sync] pulling ${collection.name} failed:`, error);
    } finally {
      pulling = false;
    }
  };

  const puller: Puller = {
    resync() {
      if (pulling) again = true;
      else void pull();
    },
    apply(event) {
      return write(event.documents as ServerDocument[]).then(
        () => {
          if (pulling) heldBack = Math.max(heldBack, event.checkpoint.serverSeq);
          else advance(event.checkpoint.serverSeq);
        },
        (error: unknown) => {
          // Not written: the checkpoint stays, and a pull brings the documents again.
          console.error(`[sync] writing ${collection.name} from the stream failed:`, error);
          puller.resync();
        },
      );
    },
    async stop() {
      await writes;
      if (saveTimer) {
        clearTimeout(saveTimer);
        save();
      }
      await saving;
    },
  };
  return puller;
};
