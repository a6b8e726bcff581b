import { parseCommand, type TypedCommand } from '../../schema/index.ts';
import { CANCELLED_CODE, CANCELLED_MESSAGE, type RetryPreview } from '../../schema/ops/retry.ts';
import { lockOwners } from '../executor/owner-locks.ts';
import type { FeatureLookup } from '../executor/execute.ts';
import { writeEffects } from '../executor/write-effects.ts';
import type { Operator } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database, Sql } from '../store/database.ts';
import { WORK_CHANNEL } from '../store/server-seq.ts';
import { COMMAND_COLUMNS, commandFromRow } from '../sync/read-sources.ts';
import { recordAudit } from './audit.ts';
import { dryRunRetry } from './dry-run.ts';

type CommandRow = Parameters<typeof commandFromRow>[0] & { failure: Record<string, unknown> | null };

/** Why a command in this status cannot be retried: a clear 409 for the operator. */
const NOT_RETRYABLE: Record<string, string> = {
  succeeded: 'The command succeeded: a retry would run it twice',
  rejected:
    "The command was refused by the store's rules; a retry would be refused again (cancel it, or ask the shopper to try again)",
  pending: 'The command is waiting to run already',
  processing: 'The command is running',
};

const lockedCommand = async (tx: Sql, id: string): Promise<{ row: CommandRow; lastSeq: number }> => {
  // The client's row first, as the executor's claim and the push lock it: a retry or cancel never races them.
  const [client] = await tx.query<{ last_seq: number }>(
    'SELECT cl.last_seq FROM sync_clients cl JOIN commands c ON c.client_id = cl.client_id WHERE c.id = $1 FOR UPDATE OF cl',
    [id],
  );
  const [row] = await tx.query<CommandRow>(`SELECT ${COMMAND_COLUMNS}, failure FROM commands WHERE id = $1`, [id]);
  if (!row || !client) throw new HttpProblem(404, `No command ${id}`, 'id');
  return { row, lastSeq: client.last_seq };
};

/** A stored failed command as it would run again: pending, without its old answer. */
const asPending = (row: CommandRow): TypedCommand => {
  const {
    status: _status,
    result: _result,
    resultCode: _code,
    error: _error,
    processedAt: _at,
    ...rest
  } = commandFromRow(row);
  const parsed = parseCommand({ ...rest, status: 'pending' });
  if (!parsed.ok) throw new HttpProblem(409, `The command no longer reads as a ${row.type}: ${parsed.message}`, 'id');
  return parsed.command;
};

const statusOf = (row: CommandRow) => ({
  status: row.status,
  resultCode: row.result_code,
  ...(row.failure ? { failure: row.failure } : {}),
});

/**
 * Sends a failed command (a dead letter, or one whose handler threw) back to run again with the same id: pending,
 * its old answer cleared, its cause kept; the executors are woken and run it once (claimRetries). Audited in the same
 * transaction. Anything but a failed command is refused with 409.
 */
export const retryCommand = async (db: Database, operator: Operator, id: string): Promise<void> =>
  db.transaction((tx) => retryCommandIn(tx, operator, id));

/** retryCommand inside a transaction of the caller's (a bulk job's step, with its progress). */
export const retryCommandIn = async (tx: Sql, operator: Operator, id: string): Promise<void> => {
  const { row } = await lockedCommand(tx, id);
  if (row.status !== 'failed')
    throw new HttpProblem(409, NOT_RETRYABLE[row.status] ?? 'Only a failed command can be retried', 'id');
  asPending(row);
  await tx.query(
    `UPDATE commands SET status = 'pending', result = NULL, result_code = NULL, error = NULL, processed_at = NULL
       WHERE id = $1`,
    [id],
  );
  await recordAudit(tx, operator, {
    action: 'command.retry',
    target: `command:${id}`,
    before: statusOf(row),
    after: { status: 'pending' },
  });
  await tx.query('SELECT pg_notify($1, $2)', [WORK_CHANNEL, row.owner]);
};

/** What a retry of a failed command would cause, changing nothing (dry-run.ts). Refused as a retry would be. */
export const previewRetry = async (db: Database, featureOf: FeatureLookup, id: string): Promise<RetryPreview> => {
  const [row] = await db.query<CommandRow>(`SELECT ${COMMAND_COLUMNS}, failure FROM commands WHERE id = $1`, [id]);
  if (!row) throw new HttpProblem(404, `No command ${id}`, 'id');
  if (row.status !== 'failed')
    throw new HttpProblem(409, NOT_RETRYABLE[row.status] ?? 'Only a failed command can be retried', 'id');
  return dryRunRetry(db, featureOf, asPending(row));
};

/**
 * Cancels a failed or pending command: settled as refused (`rejected`, code `cancelled`), so its device hears of it as
 * of any refusal and its queue moves on; the operator is named on the command and in the audit line, written in the
 * same transaction. A pending command next in line moves its client's last seq past it; one waiting behind a gap in
 * its device's commands cannot be cancelled yet (409): the commands before it have not arrived.
 */
export const cancelCommand = async (db: Database, operator: Operator, id: string, now = Date.now()): Promise<void> =>
  db.transaction((tx) => cancelCommandIn(tx, operator, id, now));

/** cancelCommand inside a transaction of the caller's (a bulk job's step, with its progress). */
export const cancelCommandIn = async (tx: Sql, operator: Operator, id: string, now = Date.now()): Promise<void> => {
  const { row, lastSeq } = await lockedCommand(tx, id);
  if (row.status !== 'failed' && row.status !== 'pending') {
    throw new HttpProblem(409, `A ${row.status} command cannot be cancelled: only a failed or pending one`, 'id');
  }
  if (row.status === 'pending' && row.seq > lastSeq + 1) {
    throw new HttpProblem(
      409,
      'The command waits for earlier commands of its device that have not arrived; it cannot be cancelled yet',
      'id',
    );
  }
  await lockOwners(tx, [row.owner]);
  await tx.query('UPDATE commands SET cancelled_by = $2 WHERE id = $1', [id, operator.email]);
  await writeEffects(tx, {
    count: 1,
    settled: [
      {
        id,
        status: 'rejected',
        result: null,
        result_code: CANCELLED_CODE,
        error: { code: CANCELLED_CODE, message: CANCELLED_MESSAGE },
        processed_at: now,
        n: 0,
      },
    ],
    ...(row.status === 'pending' ? { lastSeqs: new Map([[row.client_id, row.seq]]) } : {}),
    notify: { owners: [row.owner], offsets: { outcomes: 0 } },
  });
  await recordAudit(tx, operator, {
    action: 'command.cancel',
    target: `command:${id}`,
    before: statusOf(row),
    after: { status: 'rejected', resultCode: CANCELLED_CODE, cancelledBy: operator.email },
  });
};
