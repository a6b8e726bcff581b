import { filter, firstValueFrom, race, Subject, type BehaviorSubject, type Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { Checkpoint, CommandDocument } from '../../schema/index.ts';
import type { StoreDatabase } from './database.ts';
import type { StreamMessage, SyncApi } from './sync-api.ts';

type StreamItem = { documents: never[]; checkpoint: Checkpoint } | 'RESYNC';

export interface Replication {
  states: RxReplicationState<unknown, Checkpoint>[];
  /** Pull everything now (after coming back online), instead of waiting for the retry timer. */
  reSync(): void;
  stop(): Promise<void>;
}

const PULL_BATCH = 500;
const PUSH_BATCH = 500;

/** RxDB keeps bookkeeping fields on documents; the server's schemas know only the domain fields. */
const withoutMeta = <T extends object>(doc: T): T => {
  const { _deleted: _d, _meta: _m, _rev: _r, _attachments: _a, ...rest } = doc as T & Record<string, unknown>;
  return rest as T;
};
const asLive = <T extends object>(doc: T) => ({ ...doc, _deleted: false as const });

/**
 * Runs a network call when the device is online. While it is offline the call waits (RxDB waits with
 * it) instead of failing into the retry timer, so the queue drains the moment the network is back.
 */
const whenOnline = async <T>(
  online: BehaviorSubject<boolean>,
  stopped$: Observable<unknown>,
  call: () => Promise<T>,
): Promise<T> => {
  for (;;) {
    if (!online.value) {
      await firstValueFrom(race(online.pipe(filter(Boolean)), stopped$));
      if (!online.value) throw new Error('replication stopped while offline');
    }
    try {
      return await call();
    } catch (error) {
      if (online.value) throw error;
    }
  }
};

/**
 * Replicates every collection with the server: `commands` push only, their `outcomes`, the read models
 * and the catalogue pull only. One live stream feeds all of them: `changes` go straight into the collection they name,
 * and every (re)connect triggers a checkpoint pull (RESYNC) so nothing missed while away is lost.
 */
export const startReplication = (
  db: StoreDatabase,
  api: SyncApi,
  stream$: Observable<StreamMessage>,
  identifier: string,
  online: BehaviorSubject<boolean>,
): Replication => {
  const stopped$ = new Subject<void>();
  const subjects = new Map<string, Subject<StreamItem>>();
  const subjectFor = (name: string): Subject<StreamItem> => {
    const subject = subjects.get(name) ?? new Subject<StreamItem>();
    subjects.set(name, subject);
    return subject;
  };
  const subscription = stream$.subscribe((message) => {
    if (message.kind === 'resync') for (const subject of subjects.values()) subject.next('RESYNC');
    if (message.kind === 'changes') {
      subjects.get(message.event.collection)?.next({
        documents: message.event.documents.map((d) => asLive(d as object)) as never[],
        checkpoint: message.event.checkpoint,
      });
    }
  });

  const pullOnly = <Doc extends object>(collection: RxCollection<Doc>) =>
    replicateRxCollection<Doc, Checkpoint>({
      collection,
      replicationIdentifier: `${identifier}:${collection.name}`,
      live: true,
      retryTime: 1000,
      pull: {
        batchSize: PULL_BATCH,
        stream$: subjectFor(collection.name).asObservable() as Observable<never>,
        handler: async (checkpoint, batchSize) => {
          const page = await whenOnline(online, stopped$, () =>
            api.pull<Doc>(collection.name, checkpoint?.serverSeq ?? 0, batchSize),
          );
          return { documents: page.documents.map(asLive), checkpoint: page.checkpoint };
        },
      },
    });

  const pushCommands = replicateRxCollection<CommandDocument, Checkpoint>({
    collection: db.commands,
    replicationIdentifier: `${identifier}:commands`,
    live: true,
    retryTime: 1000,
    push: {
      batchSize: PUSH_BATCH,
      handler: async (all) => {
        // Removing an answered command is local housekeeping: the server's log keeps it.
        const rows = all.filter((row) => !row.newDocumentState._deleted);
        if (rows.length === 0) return [];
        const { conflicts } = await whenOnline(online, stopped$, () =>
          api.push(
            rows.map((row) => ({
              newDocumentState: withoutMeta(row.newDocumentState),
              assumedMasterState: row.assumedMasterState ? withoutMeta(row.assumedMasterState) : null,
            })),
          ),
        );
        return conflicts.map(asLive);
      },
    },
  });

  const states = [
    pushCommands,
    pullOnly(db.outcomes),
    pullOnly(db.carts),
    pullOnly(db.products),
  ] as unknown as RxReplicationState<unknown, Checkpoint>[];

  return {
    states,
    reSync: () => states.forEach((s) => s.reSync()),
    async stop() {
      stopped$.next();
      subscription.unsubscribe();
      await Promise.all(states.map((s) => s.cancel()));
    },
  };
};
