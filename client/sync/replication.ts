import { NEVER, Subject, type BehaviorSubject, type Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { pullOnlyCollections, type StoreDatabase } from './database.ts';
import type { PersistOptions } from './persist.ts';
import { startPuller, type Puller } from './puller.ts';
import { startPusher } from './pusher.ts';
import type { StreamMessage, SyncApi } from './sync-api.ts';

/** A pushed command whose answer has not arrived after this long is pulled for, then sent again (pusher.ts). */
const SETTLE_AFTER_MS = 10_000;

export interface Replication {
  /** Pull everything now (after coming back online), instead of waiting for the retry timer. */
  reSync(): void;
  stop(): Promise<void>;
}

/**
 * Replicates the database with the server: `commands` push only; `outcomes`, the read models and the
 * features' collections (pullOnlyCollections) pull only. One live stream feeds them all: `changes` go straight into
 * the collection they name, and every (re)connect triggers a pull from each checkpoint (resync) so
 * nothing missed while away is lost; it also retries a waiting push at once, as the server is back.
 */
export interface ReplicationScope {
  /** The server's origin ('origin' for the page's own). */
  server: string;
  /**
   * Whose rows are pulled (the current user, or the guest). None before the device has an identity: then only the
   * catalogue's collections are pulled (the server gives them without a token), nothing is pushed and no stream opens.
   */
  owner?: string;
  /** Whose commands are pushed: the user's and its merged guest's, or the guest's (see identity.ts). */
  sendingOwners: readonly string[];
}

export const startReplication = (
  db: StoreDatabase,
  api: SyncApi,
  stream$: Observable<StreamMessage>,
  scope: ReplicationScope,
  online: BehaviorSubject<boolean>,
): Replication => {
  const controller = new AbortController();
  const nudge$ = new Subject<void>();
  const retry: PersistOptions = { online, signal: controller.signal, nudge$ };
  const collections = db.collections as unknown as Record<string, RxCollection>;
  // A checkpoint is only good for the rows it was taken over: per owner for the owner's collections, per
  // server for the catalogue (a login does not pull the whole catalogue again), and per schema version: the
  // documents a client stored before its schema grew lack the new fields (a product's tier prices), so a new
  // version pulls the collection again, once.
  const specs = Object.fromEntries(
    Object.entries(pullOnlyCollections()).filter(([, spec]) => scope.owner !== undefined || spec.scope === 'public'),
  );
  const identifierOf = (name: string) => {
    // Collections of the owner's own rows; the others are public (the catalogue), the same for every owner.
    const rows = specs[name]!.scope === 'owner' ? `${scope.server}:${scope.owner!}` : scope.server;
    return `${rows}@v${collections[name]!.schema.version}`;
  };
  const pullers = new Map<string, Puller>(
    Object.keys(specs).map((name) => [name, startPuller(db, collections[name]!, api, identifierOf(name), retry)]),
  );
  const resync = () => {
    nudge$.next();
    for (const puller of pullers.values()) puller.resync();
  };
  const pusher =
    scope.owner === undefined
      ? undefined
      : startPusher(db.commands, api, retry, new Set(scope.sendingOwners), {
          afterMs: SETTLE_AFTER_MS,
          async unsettled(ids) {
            // An answer that arrived but whose command stayed (its removal failed): remove it now; else pull again.
            const answered = await db.outcomes.findByIds([...ids]).exec();
            if (answered.size > 0) await db.commands.bulkRemove([...answered.keys()]);
            if (answered.size < ids.length) resync();
          },
        });
  resync();
  // The events of one stream chunk (one commit's outcomes, then its cart) are written one after the other, in the
  // order they came: the outcome's write is not slowed by the cart's running beside it (bench:sync, B's write of
  // a result to its view: p50 0.85 ms instead of 1.1, p95 1.6-2.4 ms instead of 3-4.5). A chunk is what the
  // parser hands over in one synchronous run; the next chunk does not wait for this one (each collection's own
  // writes stay in order in its puller), so a long catalogue write never holds an outcome back.
  let chunk: Promise<void> | undefined;
  // No stream without an owner: it needs a token.
  const subscription = (scope.owner === undefined ? NEVER : stream$).subscribe((message) => {
    if (message.kind === 'resync') resync();
    if (message.kind !== 'changes') return;
    const puller = pullers.get(message.event.collection);
    if (!puller) return;
    const previous = chunk;
    chunk = previous ? previous.then(() => puller.apply(message.event)) : puller.apply(message.event);
    if (!previous) queueMicrotask(() => (chunk = undefined));
  });

  return {
    reSync: resync,
    async stop() {
      subscription.unsubscribe();
      controller.abort();
      pusher?.stop();
      await Promise.all([...pullers.values()].map((puller) => puller.stop()));
    },
  };
};
