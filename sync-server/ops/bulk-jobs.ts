import type { BulkJob } from '../../schema/ops/bulk.ts';
import type { CommandFilter } from '../../schema/ops/command-filter.ts';
import type { Operator } from '../http/operator-guard.ts';
import { log } from '../observability/logger.ts';
import type { Database, SqlParam } from '../store/database.ts';
import { recordAudit } from './audit.ts';
import { cancelCommand, retryCommand } from './command-actions.ts';
import { commandFilterSql } from './command-filter-sql.ts';

export type BulkAction = 'retry' | 'cancel';

/** The statuses an action can take: a retry only failed commands, a cancel failed or pending ones. */
const ELIGIBLE: Record<BulkAction, readonly string[]> = { retry: ['failed'], cancel: ['failed', 'pending'] };

/** Commands a job takes per step: it looks for an abort between steps. */
const STEP = 20;

/** How many commands the filter selects, and how many of them the action can take. Changes nothing. */
export const previewBulk = async (
  db: Database,
  action: BulkAction,
  filter: CommandFilter,
): Promise<{ matching: number; eligible: number }> => {
  const { where, params } = commandFilterSql(filter, 1);
  const [row] = await db.query<{ matching: number; eligible: number }>(
    `SELECT count(*)::int AS matching, count(*) FILTER (WHERE c.status = ANY($1::text[]))::int AS eligible
     FROM commands c WHERE ${where}`,
    [[...ELIGIBLE[action]], ...params],
  );
  return row ?? { matching: 0, eligible: 0 };
};

interface JobRow {
  id: number;
  action: BulkAction;
  state: BulkJob['state'];
  total: number;
  done: number;
  failed: number;
  created_by: string;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const jobOf = (row: JobRow): BulkJob => ({
  id: row.id,
  action: row.action,
  state: row.state,
  total: row.total,
  done: row.done,
  failed: row.failed,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
  finishedAt: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
});

export const bulkJob = async (db: Database, id: number): Promise<BulkJob | undefined> => {
  const [row] = await db.query<JobRow>('SELECT * FROM ops_bulk_jobs WHERE id = $1', [id]);
  return row && jobOf(row);
};

/**
 * Starts a bulk job: its row (total = the commands eligible now) and its start audited in one transaction, then the
 * work in this process, a step at a time, each command retried or cancelled in its own audited transaction as a
 * single one would be. A command that changed meanwhile (retried or cancelled by someone else) counts as failed.
 * Returns the job as it starts; `done` finishes when the work does (tests and the CLI wait on it).
 */
export const startBulk = async (
  db: Database,
  operator: Operator,
  action: BulkAction,
  filter: CommandFilter,
): Promise<{ job: BulkJob; done: Promise<void> }> => {
  const { eligible } = await previewBulk(db, action, filter);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.query<JobRow>(
      'INSERT INTO ops_bulk_jobs (action, filter, total, created_by) VALUES ($1, $2, $3, $4) RETURNING *',
      [action, JSON.stringify(filter), eligible, operator.email],
    );
    await recordAudit(tx, operator, {
      action: `bulk.${action}`,
      target: `bulk:${inserted!.id}`,
      after: { filter, total: eligible },
    });
    return inserted!;
  });
  const done = runJob(db, operator, row.id, action, filter).catch((error: unknown) => {
    log.error({ bulkJob: row.id, err: error instanceof Error ? error.message : String(error) }, 'bulk job stopped');
  });
  return { job: jobOf(row), done };
};

const runJob = async (db: Database, operator: Operator, id: number, action: BulkAction, filter: CommandFilter) => {
  const { where, params } = commandFilterSql(filter, 2);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const [job] = await db.query<{ state: string }>('SELECT state FROM ops_bulk_jobs WHERE id = $1', [id]);
    if (job?.state !== 'running') return;
    const ids = await db.query<{ id: string }>(
      `SELECT c.id FROM commands c WHERE c.id > $1::uuid AND c.status = ANY($2::text[]) AND ${where}
       ORDER BY c.id LIMIT ${STEP}`,
      [after, [...ELIGIBLE[action]], ...params] as SqlParam[],
    );
    if (ids.length === 0) break;
    let done = 0;
    let failed = 0;
    for (const { id: commandId } of ids) {
      try {
        await (action === 'retry' ? retryCommand(db, operator, commandId) : cancelCommand(db, operator, commandId));
        done++;
      } catch {
        failed++;
      }
    }
    after = ids.at(-1)!.id;
    await db.query('UPDATE ops_bulk_jobs SET done = done + $2, failed = failed + $3 WHERE id = $1', [id, done, failed]);
  }
  await db.query(
    "UPDATE ops_bulk_jobs SET state = 'finished', finished_at = now() WHERE id = $1 AND state = 'running'",
    [id],
  );
};

/** Aborts a running job: it stops before its next step. Audited; false when it was not running. */
export const abortBulk = async (db: Database, operator: Operator, id: number): Promise<BulkJob | undefined> =>
  db.transaction(async (tx) => {
    const [row] = await tx.query<JobRow>(
      "UPDATE ops_bulk_jobs SET state = 'aborted', finished_at = now() WHERE id = $1 AND state = 'running' RETURNING *",
      [id],
    );
    if (!row) return undefined;
    await recordAudit(tx, operator, {
      action: 'bulk.abort',
      target: `bulk:${id}`,
      after: { done: row.done, failed: row.failed, total: row.total },
    });
    return jobOf(row);
  });
