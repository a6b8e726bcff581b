import { v4 as uuidv4 } from 'uuid';
import { z } from 'zod';
import type { BulkJob } from '../../schema/ops/bulk.ts';
import { commandFilterSchema, type CommandFilter } from '../../schema/ops/command-filter.ts';
import { operatorRoleSchema } from '../../schema/ops/roles.ts';
import type { Operator } from '../http/operator-guard.ts';
import { log } from '../observability/logger.ts';
import type { Database, SqlParam } from '../store/database.ts';
import { recordAudit } from './audit.ts';
import { cancelCommandIn, retryCommandIn } from './command-actions.ts';
import { commandFilterSql } from './command-filter-sql.ts';

export type BulkAction = 'retry' | 'cancel';

/** The statuses an action can take: a retry only failed commands, a cancel failed or pending ones. */
const ELIGIBLE: Record<BulkAction, readonly string[]> = { retry: ['failed'], cancel: ['failed', 'pending'] };

/** Commands a job reads per step (keyset-paged by id); it hears an abort after each command. */
const STEP = 20;
/**
 * The pause between steps: a bulk job shares the store with the shoppers (on PGlite, one connection: without a
 * pause, a job of thousands would hold every push and every abort behind it).
 */
const PAUSE_MS = 10;

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
  filter: unknown;
  operator: unknown;
  after_id: string;
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
  const runner = uuidv4();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.query<JobRow>(
      `INSERT INTO ops_bulk_jobs (action, filter, total, created_by, operator, runner)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [action, JSON.stringify(filter), eligible, operator.email, JSON.stringify(operator), runner],
    );
    await recordAudit(tx, operator, {
      action: `bulk.${action}`,
      target: `bulk:${inserted!.id}`,
      after: { filter, total: eligible },
    });
    return inserted!;
  });
  const done = runJob(db, { id: row.id, runner, operator, action, filter, after: row.after_id }).catch(
    (error: unknown) => {
      log.error({ bulkJob: row.id, err: error instanceof Error ? error.message : String(error) }, 'bulk job stopped');
    },
  );
  return { job: jobOf(row), done };
};

/** A job as its runner holds it: `after` is the last command it handled (the keyset cursor). */
interface JobRun {
  id: number;
  /** This claim's id: a step whose row no longer names it stops (the job was claimed again elsewhere). */
  runner: string;
  operator: Operator;
  action: BulkAction;
  filter: CommandFilter;
  after: string;
}

const runJob = async (db: Database, run: JobRun) => {
  const { id, runner, operator, action, filter } = run;
  const { where, params } = commandFilterSql(filter, 2);
  let after = run.after;
  for (;;) {
    const [job] = await db.query<{ state: string }>(
      'UPDATE ops_bulk_jobs SET heartbeat_at = now() WHERE id = $1 AND runner = $2 RETURNING state',
      [id, runner],
    );
    if (job?.state !== 'running') return;
    const ids = await db.query<{ id: string }>(
      `SELECT c.id FROM commands c WHERE c.id > $1::uuid AND c.status = ANY($2::text[]) AND ${where}
       ORDER BY c.id LIMIT ${STEP}`,
      [after, [...ELIGIBLE[action]], ...params] as SqlParam[],
    );
    if (ids.length === 0) break;
    for (const { id: commandId } of ids) {
      // One transaction a command: the job's row (still this runner's, still running: an abort waits for the step
      // in hand), the action, and the progress with the cursor, so an instance dying anywhere in it leaves either
      // all of it or none for the runner that takes the job over.
      const state = await db.transaction(async (tx) => {
        const [job] = await tx.query<{ state: string }>(
          'SELECT state FROM ops_bulk_jobs WHERE id = $1 AND runner = $2 FOR UPDATE',
          [id, runner],
        );
        if (job?.state !== 'running') return 'stopped';
        await tx.query('SAVEPOINT bulk_step');
        let ok = true;
        try {
          await (action === 'retry'
            ? retryCommandIn(tx, operator, commandId)
            : cancelCommandIn(tx, operator, commandId));
        } catch {
          // Changed meanwhile (retried or cancelled by someone else): counted as failed, nothing of it kept.
          ok = false;
          await tx.query('ROLLBACK TO SAVEPOINT bulk_step');
        }
        await tx.query(
          `UPDATE ops_bulk_jobs SET done = done + $2, failed = failed + $3, after_id = $4, heartbeat_at = now()
           WHERE id = $1`,
          [id, ok ? 1 : 0, ok ? 0 : 1, commandId],
        );
        return 'running';
      });
      if (state !== 'running') return;
    }
    after = ids.at(-1)!.id;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  await db.query(
    "UPDATE ops_bulk_jobs SET state = 'finished', finished_at = now() WHERE id = $1 AND runner = $2 AND state = 'running'",
    [id, runner],
  );
};

const storedOperatorSchema = z.object({
  userId: z.number().int(),
  owner: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
});

/**
 * Claims one job whose runner went silent (its instance died: no step for `staleMs`) and runs it on from its
 * cursor, under a new runner id. Returns whether there was one. A job whose starter is not recorded (started
 * before migration 025) cannot be audited as theirs and is aborted instead.
 */
export const resumeStaleBulkJob = async (db: Database, staleMs: number): Promise<boolean> => {
  const runner = uuidv4();
  const [row] = await db.query<JobRow>(
    `UPDATE ops_bulk_jobs SET runner = $1, heartbeat_at = now()
     WHERE id = (SELECT id FROM ops_bulk_jobs
                 WHERE state = 'running' AND heartbeat_at < now() - make_interval(secs => $2::double precision / 1000)
                 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [runner, staleMs],
  );
  if (!row) return false;
  const operator = storedOperatorSchema.safeParse(row.operator);
  const filter = commandFilterSchema.safeParse(row.filter);
  if (!operator.success || !filter.success) {
    await db.query("UPDATE ops_bulk_jobs SET state = 'aborted', finished_at = now() WHERE id = $1 AND runner = $2", [
      row.id,
      runner,
    ]);
    log.warn({ bulkJob: row.id }, 'bulk job lost its instance and cannot be resumed: aborted');
    return true;
  }
  log.info({ bulkJob: row.id, done: row.done, total: row.total }, 'bulk job resumed after its instance went silent');
  await runJob(db, {
    id: row.id,
    runner,
    operator: operator.data,
    action: row.action,
    filter: filter.data,
    after: row.after_id,
  });
  return true;
};

/** Aborts a running job: it stops after the command in hand. Audited; false when it was not running. */
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
