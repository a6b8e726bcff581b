import { log } from '../observability/logger.ts';
import type { Database } from '../store/database.ts';
import { resumeStaleBulkJob } from './bulk-jobs.ts';

/** A job with no step for this long lost its instance (a step is at most 20 commands: well under a second). */
export const BULK_STALE_MS = 15_000;

/**
 * The loop that takes over bulk jobs whose instance died (issue 31): every `intervalMs` it claims each job gone
 * silent and runs it on from its cursor, one at a time. Held by one instance (the `bulk-jobs` role): any would be
 * safe, since a claim is one row's update, but one is enough. Its stop does not wait for a job in hand: a job
 * outlives its instance by design, and the next holder takes it over.
 */
export const startBulkResumer = (
  db: Database,
  intervalMs = 5_000,
  staleMs = BULK_STALE_MS,
): { stop: () => Promise<void> } => {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      try {
        while (await resumeStaleBulkJob(db, staleMs));
      } catch (error) {
        log.error(
          { component: 'ops', reason: error instanceof Error ? error.message : String(error) },
          'bulk job takeover failed',
        );
      } finally {
        busy = false;
      }
    })();
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => clearInterval(timer),
  };
};
