import type { InlineExecutor } from '../executor/execute.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database } from '../store/database.ts';
import { pushGroup, type ValidatedPush } from './push-group.ts';
import type { PushResult } from './push-result.ts';

/** The most pushes, and commands, one group's transaction takes (a lock held on that many clients and owners). */
export const GROUP_MAX_PUSHES = 64;
export const GROUP_MAX_COMMANDS = 1000;
/**
 * Groups running at once, per store and executor. One: on this 2-core machine the process, not PostgreSQL, is what
 * a push waits for, and with two in flight each group was half as big and a push cost more CPU (bench:orders,
 * order.place: 1.9-2.1 ms here and 0.8 ms in PostgreSQL a push with one; 2.2 and 1.0-1.1 ms with two). A machine
 * whose store has cores to spare may want more.
 */
const GROUPS_IN_FLIGHT = 1;

interface Waiter {
  push: ValidatedPush;
  resolve(result: PushResult): void;
  reject(error: unknown): void;
}

/**
 * Pushes that arrive while the store is busy with others are taken together, in one transaction (push-group.ts):
 * a push alone costs a dozen statements (the order's most), and most of a small transaction's time is their round
 * trips, so a group of pushes costs about what one does. Nothing waits for a group to fill: the pushes read in one
 * turn of the event loop start together in a free slot at the end of that turn, and those that arrive meanwhile go
 * together into the next.
 * - A group never holds two pushes of one owner, or of one client (the later waits for the next group, in order).
 * - Any refusal or fault fails the group's transaction; then each push of the group runs alone, so it is answered
 *   its own refusal and the others are taken as if alone. Nothing of the failed attempt was stored.
 */
class PushQueue {
  private readonly waiting: Waiter[] = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly db: Database,
    private readonly inline: InlineExecutor | undefined,
    private readonly slots: number,
  ) {}

  submit(push: ValidatedPush): Promise<PushResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ push, resolve, reject });
      this.startGroupsSoon();
    });
  }

  /**
   * Groups start in the event loop's check phase (setImmediate), never inside the call that submits a push or the
   * one that ends a group: by then every request the loop's poll has just read is submitted, and they go together.
   * Started at once, on PGlite (whose statements run synchronously, their promises settling in microtasks) a group
   * ran to its COMMIT before the loop read the next request, so every group was of one push (bench:streams at
   * 19,000 streams: 6,400 groups for 6,400 pushes) and a backlog after a pause was worked off one transaction at a
   * time: p99 88 to 128 ms there, 33 ms with this. A push waits for the rest of the loop's turn, no longer.
   */
  private startGroupsSoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startGroups();
    });
  }

  private startGroups(): void {
    while (this.running < this.slots && this.waiting.length > 0) {
      const group = this.takeGroup();
      this.running += 1;
      void this.run(group).finally(() => {
        this.running -= 1;
        this.startGroupsSoon();
      });
    }
  }

  /** The first waiting push, then every later one that fits beside it, in arrival order. */
  private takeGroup(): Waiter[] {
    const group: Waiter[] = [];
    const owners = new Set<string>();
    const clients = new Set<string>();
    let commands = 0;
    for (let i = 0; i < this.waiting.length && group.length < GROUP_MAX_PUSHES;) {
      const waiter = this.waiting[i]!;
      const { principal, commands: pushed } = waiter.push;
      const its = pushed.map((c) => c.clientId);
      const fits =
        group.length === 0 ||
        (commands + pushed.length <= GROUP_MAX_COMMANDS &&
          !owners.has(principal.owner) &&
          its.every((id) => !clients.has(id)));
      if (!fits) {
        i += 1;
        continue;
      }
      this.waiting.splice(i, 1);
      group.push(waiter);
      owners.add(principal.owner);
      for (const id of its) clients.add(id);
      commands += pushed.length;
    }
    return group;
  }

  private async run(group: readonly Waiter[]): Promise<void> {
    if (group.length > 1) {
      try {
        const results = await this.db.transaction((tx) =>
          pushGroup(
            tx,
            group.map((w) => w.push),
            this.inline,
          ),
        );
        group.forEach((waiter, i) => waiter.resolve(results[i]!));
        return;
      } catch {
        // Whose push it was is found by taking each alone, below; the group's attempt left nothing stored.
      }
    }
    for (const waiter of group) {
      try {
        const [result] = await this.db.transaction((tx) => pushGroup(tx, [waiter.push], this.inline));
        waiter.resolve(result!);
      } catch (error) {
        if (error instanceof HttpProblem || !this.inline) {
          waiter.reject(error);
          continue;
        }
        // Running its commands broke the push (a bug in a feature): store them pending instead, so the device is
        // answered and the executor finds the failing one and sets it aside (executor/isolate.ts), rather than the
        // device pushing the same commands for ever.
        try {
          const [result] = await this.db.transaction((tx) => pushGroup(tx, [waiter.push], undefined));
          waiter.resolve(result!);
        } catch (stored) {
          waiter.reject(stored);
        }
      }
    }
  }
}

const queues = new WeakMap<Database, Map<InlineExecutor | undefined, PushQueue>>();

/** The push queue of a store and an executor (one per server; tests run several on one store). */
export const pushQueueOf = (db: Database, inline: InlineExecutor | undefined): PushQueue => {
  const ofStore = queues.get(db) ?? new Map<InlineExecutor | undefined, PushQueue>();
  queues.set(db, ofStore);
  let queue = ofStore.get(inline);
  if (!queue) {
    queue = new PushQueue(db, inline, GROUPS_IN_FLIGHT);
    ofStore.set(inline, queue);
  }
  return queue;
};
