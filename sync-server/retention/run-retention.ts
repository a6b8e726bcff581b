import { log } from '../observability/logger.ts';
import type { Database } from '../store/database.ts';
import type { RetentionRule } from './retention-rule.ts';

/** Items a rule forgets per transaction: small, so a purge never holds a shopper's rows for long. */
export const RETENTION_BATCH = 500;

export interface RetentionReport {
  runId: number;
  /** Per rule: how many it forgot, and its period. */
  counts: Record<string, { removed: number; days: number }>;
}

/**
 * Runs every rule once, batch after batch, and records the run (retention_runs) with each rule's count, also when a
 * rule fails (its error is recorded and the run goes on to the next rule). Logged with the counts only: what was
 * forgotten is not named.
 */
export const runRetention = async (
  db: Database,
  rules: readonly RetentionRule[],
  batch = RETENTION_BATCH,
): Promise<RetentionReport> => {
  const [run] = await db.query<{ id: number }>('INSERT INTO retention_runs DEFAULT VALUES RETURNING id::int AS id');
  const runId = run!.id;
  const counts: RetentionReport['counts'] = {};
  const errors: string[] = [];
  for (const rule of rules) {
    let removed = 0;
    try {
      for (;;) {
        const purged = await db.transaction((tx) => rule.purge(tx, rule.days, batch));
        removed += purged.removed;
        if (!purged.more) break;
      }
    } catch (error) {
      errors.push(`${rule.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    counts[rule.name] = { removed, days: rule.days };
    await db.query('UPDATE retention_runs SET counts = $2 WHERE id = $1', [runId, JSON.stringify(counts)]);
  }
  await db.query('UPDATE retention_runs SET finished_at = now(), error = $2 WHERE id = $1', [
    runId,
    errors.length > 0 ? errors.join('; ') : null,
  ]);
  if (errors.length > 0) log.error({ component: 'retention', runId, counts, errors }, 'retention run failed in part');
  else log.info({ component: 'retention', runId, counts }, 'retention run');
  return { runId, counts };
};
