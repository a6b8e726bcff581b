import { Subject, type BehaviorSubject, type Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { PULL_ONLY_COLLECTIONS, type StoreDatabase } from './database.ts';
import type { PersistOptions } from './persist.ts';
import { startPuller, type Puller } from './puller.ts';
import { startPusher } from './pusher.ts';
import type { StreamMessage, SyncApi } from './sync-api.ts';

export interface Replication {
  /** Pull everything now (after coming back online), instead of waiting for the retry timer. */
  reSync(): void;
  stop(): Promise<void>;
}

/**
 * Replicates the database with the server: `commands` push only; `outcomes`, the read models and the
 * catalogue (PULL_ONLY_COLLECTIONS) pull only. One live stream feeds them all: `changes` go straight into
 * the collection they name, and every (re)connect triggers a pull from each checkpoint (resync) so
 * nothing missed while away is lost; it also retries a waiting push at once, as the server is back.
 */
export const startReplication = (
  db: StoreDatabase,
  api: SyncApi,
  stream$: Observable<StreamMessage>,
  identifier: string,
  online: BehaviorSubject<boolean>,
): Replication => {
  const controller = new AbortController();
  const nudge$ = new Subject<void>();
  const retry: PersistOptions = { online, signal: controller.signal, nudge$ };
  const collections = db.collections as unknown as Record<string, RxCollection>;
  const pullers = new Map<string, Puller>(
    PULL_ONLY_COLLECTIONS.map((name) => [name, startPuller(db, collections[name]!, api, identifier, retry)]),
  );
  const pusher = startPusher(db.commands, api, retry);
  const resync = () => {
    nudge$.next();
    for (const puller of pullers.values()) puller.resync();
  };
  resync();
  const subscription = stream$.subscribe((message) => {
    if (message.kind === 'resync') resync();
    if (message.kind === 'changes') pullers.get(message.event.collection)?.apply(message.event);
  });

  return {
    reSync: resync,
    async stop() {
      subscription.unsubscribe();
      controller.abort();
      pusher.stop();
      await Promise.all([...pullers.values()].map((puller) => puller.stop()));
    },
  };
};
