import type { Database } from '../store/database.ts';
import { changeOwnerAds } from './owner-ads.ts';
import { log } from '../observability/logger.ts';

/** Owners taken per sweep: a sweep is many short transactions, never one long one. */
const OWNERS_PER_SWEEP = 200;

/**
 * Expiry: a published ad past its `expiresAt` is `finished`. Two parts, so nobody ever sees an expired ad
 * listed: the public list checks `expires_at > now` as it reads (ad-list-query.ts), and this sweep rewrites the
 * owners' documents (so the owner's devices show "finished" live) and the rows. Every other write of an owner's
 * ads (a command, an operator's decision, a photo arriving) finishes that owner's expired ads too.
 * Returns how many owners it rewrote.
 */
export const sweepExpiredAds = async (db: Database, now: number): Promise<number> => {
  const owners = await db.query<{ owner: string }>(
    `SELECT DISTINCT owner FROM ads WHERE status = 'send' AND expires_at <= $1 LIMIT ${OWNERS_PER_SWEEP}`,
    [now],
  );
  for (const { owner } of owners) await db.transaction((tx) => changeOwnerAds(tx, owner, now, () => undefined));
  return owners.length;
};

/** Runs the sweep every `intervalMs` (default a minute) until stopped; a failed sweep is logged and tried again. */
export const startAdExpirySweep = (db: Database, intervalMs = 60_000): { stop: () => Promise<void> } => {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => sweepExpiredAds(db, Date.now()))
      .catch((error: unknown) =>
        log.error(
          { component: 'ads', reason: error instanceof Error ? error.message : String(error) },
          'ad expiry sweep failed',
        ),
      );
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
