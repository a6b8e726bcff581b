import type { Logger } from 'pino';
import { log } from '../observability/logger.ts';
import type { Database } from '../store/database.ts';
import { roleLockOf } from './store-role-lock.ts';
import type { RoleName } from './roles.ts';

/** A background loop as the server starts it: running from its start until `stop` (which lets its round finish). */
export interface Loop {
  stop(): Promise<void>;
}

/** A loop run by one instance of the cluster at a time: whichever holds its role. */
export interface HeldLoop<L extends Loop> {
  readonly role: RoleName;
  /** Whether this instance holds the role, and so runs the loop, now. */
  holds(): boolean;
  /** The loop while this instance runs it. */
  current(): L | undefined;
  /** Stops the loop, if it runs here, after its round, then gives the role back for another instance to take. */
  stop(): Promise<void>;
}

export interface HoldOptions {
  /** How often an instance that does not hold the role asks for it, and one that does checks it still does. */
  retryMs?: number;
  logger?: Logger;
}

/** A dead holder's role is taken over within about this (and its loop's next round). */
export const DEFAULT_RETRY_MS = 2_000;

/**
 * An instance that does not hold the role asks for it every `retryMs`; when the holder dies its lock goes with its
 * connection, so another instance takes the role over within about that. The loop starts when the role is taken and
 * stops when it is lost (the holder's connection dropped); between the lock leaving with a dropped connection and
 * the old holder noticing it at its next check, both may run a round: every held loop is safe to run twice (each
 * change is made in a transaction that locks what it changes and checks it still needs changing), the role only
 * keeps the work (and the providers' calls) from being done by every instance every round.
 */
export const holdOne = async <L extends Loop>(
  db: Database,
  role: RoleName,
  start: () => L,
  options: HoldOptions = {},
): Promise<HeldLoop<L>> => {
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const logger = (options.logger ?? log).child({ component: 'cluster', role });
  // PostgreSQL ends the session of a holder silent for this long (advisory-lock.ts); it checks every retryMs.
  const lock = roleLockOf(db, role, Math.max(10_000, retryMs * 5));
  let loop: L | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const check = async (): Promise<void> => {
    if (stopped) return;
    if (!loop) {
      if (!(await lock.tryTake()) || stopped) return;
      try {
        loop = start();
      } catch (error) {
        await lock.release();
        throw error;
      }
      logger.info('this instance holds the role and runs its loop');
      return;
    }
    if (await lock.stillHeld()) return;
    logger.warn('the role was lost (its connection dropped): the loop stops here, another instance takes it');
    const lost = loop;
    loop = undefined;
    await lost.stop();
  };

  let checking: Promise<void> = Promise.resolve();
  const round = (): Promise<void> =>
    check().catch((error: unknown) => logger.error({ err: error }, 'role check failed'));
  const schedule = (): void => {
    timer = setTimeout(() => {
      checking = round().finally(() => {
        if (!stopped) schedule();
      });
    }, retryMs);
    timer.unref();
  };
  // The first ask before the server listens: an instance that starts alone runs its loops from the start.
  checking = round();
  await checking;
  schedule();

  return {
    role,
    holds: () => loop !== undefined,
    current: () => loop,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await checking;
      const running = loop;
      loop = undefined;
      await running?.stop();
      await lock.release();
    },
  };
};

/** Which roles this instance holds now, by name (the metrics' `cluster_role_held`). */
export const rolesHeld = (...loops: readonly HeldLoop<Loop>[]): Record<string, boolean> =>
  Object.fromEntries(loops.map((loop) => [loop.role, loop.holds()]));
