import { Subject, type Observable } from 'rxjs';
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
  const { _deleted, _meta, _rev, _attachments, ...rest } = doc as T & Record<string, unknown>;
  void _deleted, void _meta, void _rev, void _attachments;
  return rest as T;
};
const asLive = <T extends object>(doc: T) => ({ ...doc, _deleted: false as const });

/**
 * Replicates every collection with the server: `commands` both ways, the read models and the catalogue
 * pull only. One live stream feeds all of them: `changes` go straight into the collection they name,
 * and every (re)connect triggers a checkpoint pull (RESYNC) so nothing missed while away is lost.
 */
export const startReplication = (
  db: StoreDatabase,
  api: SyncApi,
  stream$: Observable<StreamMessage>,
  identifier: string,
): Replication => {
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

  const replicate = <Doc extends object>(collection: RxCollection<Doc>, pushable: boolean) =>
    replicateRxCollection<Doc, Checkpoint>({
      collection,
      replicationIdentifier: `${identifier}:${collection.name}`,
      live: true,
      retryTime: 1000,
      pull: {
        batchSize: PULL_BATCH,
        stream$: subjectFor(collection.name).asObservable() as Observable<never>,
        handler: async (checkpoint, batchSize) => {
          const page = await api.pull<Doc>(collection.name, checkpoint?.serverSeq ?? 0, batchSize);
          return { documents: page.documents.map(asLive), checkpoint: page.checkpoint };
        },
      },
      ...(pushable
        ? {
            push: {
              batchSize: PUSH_BATCH,
              handler: async (rows) => {
                const { conflicts } = await api.push(
                  rows.map((row) => ({
                    newDocumentState: withoutMeta(row.newDocumentState) as unknown as CommandDocument,
                    assumedMasterState: row.assumedMasterState
                      ? (withoutMeta(row.assumedMasterState) as unknown as CommandDocument)
                      : null,
                  })),
                );
                return conflicts.map(asLive) as never[];
              },
            },
          }
        : {}),
    });

  const states = [
    replicate(db.commands, true),
    replicate(db.carts, false),
    replicate(db.products, false),
  ] as unknown as RxReplicationState<unknown, Checkpoint>[];
  for (const state of states) {
    state.error$.subscribe((error) => console.warn(`[sync] ${state.collection.name}:`, error.message));
  }

  return {
    states,
    reSync: () => states.forEach((s) => s.reSync()),
    async stop() {
      subscription.unsubscribe();
      await Promise.all(states.map((s) => s.cancel()));
    },
  };
};
