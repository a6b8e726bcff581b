import type { RxCollection } from 'rxdb';
import { inExecutionOrder, type CommandDocument } from '../../schema/index.ts';
import { persist, Stopped, type PersistOptions } from './persist.ts';
import type { SyncApi } from './sync-api.ts';

const PUSH_BATCH = 500;

export interface Pusher {
  stop(): void;
}

/**
 * The safety net for answers lost on their way: a command the server took but whose answer has not arrived
 * after `afterMs` (the live stream dropped an event, or the answer arrived and was not applied) is handed to
 * `unsettled` (which pulls again), then sent again: the server is idempotent, so a command it executed is only
 * answered again, and one it somehow did not is run. Waits double per command, up to 5 minutes.
 */
export interface SettleWatch {
  afterMs: number;
  unsettled(ids: readonly string[]): Promise<void>;
}

const LONGEST_SETTLE_WAIT_MS = 5 * 60_000;

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
  settle?: SettleWatch,
): Pusher => {
  const queued = new Map<string, CommandDocument>();
  const acknowledged = new Set<string>();
  /** When each acknowledged command was last sent, and how many times it has been sent again. */
  const sentAt = new Map<string, { at: number; resent: number }>();
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
      const now = Date.now();
      for (const doc of batch) {
        queued.delete(doc.id);
        acknowledged.add(doc.id);
        sentAt.set(doc.id, { at: now, resent: sentAt.get(doc.id)?.resent ?? 0 });
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
      if (event.operation === 'DELETE') {
        acknowledged.delete(event.documentId);
        sentAt.delete(event.documentId);
      }
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

  const lookAfterUnsettled = async (watch: SettleWatch): Promise<void> => {
    if (!retry.online.value || retry.signal.aborted) return;
    const now = Date.now();
    const late = [...sentAt].filter(
      ([, sent]) => now - sent.at >= Math.min(watch.afterMs * 2 ** sent.resent, LONGEST_SETTLE_WAIT_MS),
    );
    if (late.length === 0) return;
    for (const [id, sent] of late) sentAt.set(id, { at: now, resent: sent.resent + 1 });
    const ids = late.map(([id]) => id);
    await watch.unsettled(ids);
    // Whatever is still here after the pull goes again.
    const waiting = await commands.findByIds(ids).exec();
    for (const doc of waiting.values()) {
      acknowledged.delete(doc.id);
      enqueue(doc.toMutableJSON());
    }
    run();
  };
  const settleTimer =
    settle &&
    setInterval(
      () => void lookAfterUnsettled(settle).catch(() => undefined),
      Math.max(Math.floor(settle.afterMs / 4), 50),
    );

  return {
    stop() {
      clearInterval(settleTimer);
      // A push under way is not awaited: it writes nothing locally, and a black-holed request could take
      // the whole request timeout. The server takes it or not; the next session pushes it again.
      subscription.unsubscribe();
    },
  };
};
