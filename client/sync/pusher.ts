import type { RxCollection } from 'rxdb';
import { inExecutionOrder, type CommandDocument } from '../../schema/index.ts';
import { persist, Stopped, type PersistOptions } from './persist.ts';
import type { SyncApi } from './sync-api.ts';

const PUSH_BATCH = 500;

export interface Pusher {
  stop(): void;
}

/** RxDB keeps bookkeeping fields on documents; the server's schemas know only the domain fields. */
const withoutMeta = (doc: CommandDocument): CommandDocument => {
  const {
    _deleted: _d,
    _meta: _m,
    _rev: _r,
    _attachments: _a,
    ...rest
  } = doc as CommandDocument & Record<string, unknown>;
  return rest as CommandDocument;
};

/**
 * Pushes the profile's commands (every tab's: this tab replicates for all of them): each pending command
 * the server has not acknowledged in this session, in execution order, in batches of 500, until none is
 * left. New commands are taken from the collection's write events, so nothing is read back from
 * storage; at start, one query finds what earlier sessions left. The server is idempotent: a command
 * pushed again (after a reload, or when an answer was lost) is only answered again, and its outcome
 * arrives like any other.
 *
 * It replaces RxDB's push replication, whose bookkeeping wrote a meta document for every pushed document
 * before the next batch could go: with every server-side speed-up in place, a 1,000-command offline
 * drain still took 550 ms against a 500 ms goal, 165 ms of it between the first push (1 row) and the
 * second (bench:sync, Node); with this pusher and the puller, 240-270 ms.
 */
export const startPusher = (
  commands: RxCollection<CommandDocument>,
  api: SyncApi,
  retry: PersistOptions,
  /**
   * Only these owners' commands are sent, with this session's token. Another owner's (a user who logged out,
   * or whose session ended) stay in the collection, held until that owner's session replicates again.
   */
  sendingOwners: ReadonlySet<string>,
): Pusher => {
  const queued = new Map<string, CommandDocument>();
  const acknowledged = new Set<string>();
  const enqueue = (doc: CommandDocument) => {
    if (doc.status === 'pending' && !acknowledged.has(doc.id) && sendingOwners.has(doc.owner)) {
      queued.set(doc.id, withoutMeta(doc));
    }
  };

  const drain = async (): Promise<void> => {
    while (queued.size > 0) {
      // Taken when the request goes (not before waiting for the network), so a queue filled offline
      // leaves in full batches.
      const batch = await persist(async () => {
        const next = inExecutionOrder([...queued.values()]).slice(0, PUSH_BATCH);
        await api.push(next.map((doc) => ({ newDocumentState: doc })));
        return next;
      }, retry);
      for (const doc of batch) {
        queued.delete(doc.id);
        acknowledged.add(doc.id);
      }
    }
  };
  let draining: Promise<void> | undefined;
  const run = (): void => {
    if (draining || queued.size === 0 || retry.signal.aborted) return;
    draining = drain()
      .catch((error: unknown) => {
        if (!(error instanceof Stopped)) console.error('[sync] pushing commands failed:', error);
      })
      .finally(() => {
        draining = undefined;
        // Commands written while the last answer was on its way.
        run();
      });
  };

  const subscription = commands.eventBulks$.subscribe((bulk) => {
    for (const event of bulk.events) {
      // An update: a provisional command given to the device's guest (provisional.ts) becomes one to send.
      if (event.operation === 'INSERT' || event.operation === 'UPDATE') enqueue(event.documentData as CommandDocument);
      if (event.operation === 'DELETE') acknowledged.delete(event.documentId);
    }
    run();
  });
  void commands
    .find({ selector: { status: 'pending' } })
    .exec()
    .then((docs) => {
      for (const doc of docs) enqueue(doc.toMutableJSON());
      run();
    })
    .catch(() => undefined);

  return {
    stop() {
      // A push under way is not awaited: it writes nothing locally, and a black-holed request could take
      // the whole request timeout. The server takes it or not; the next session pushes it again.
      subscription.unsubscribe();
    },
  };
};
