import { z } from 'zod';
import type { Sql } from '../store/database.ts';

/** The `payment_attempts` and `payment_refunds` tables (migrations/server/010_payments.sql). */

/**
 * `n` fresh provider references: BORICA's ORDER is 6 digits unique for 24 hours, so the sequence is taken mod
 * 1,000,000 and zero-padded (unique for a day while fewer than a million attempts are made in it).
 */
export const takeProviderRefs = async (tx: Sql, n: number): Promise<string[]> => {
  const [row] = await tx.query<{ refs: (string | number)[] | null }>(
    `SELECT array_agg(lpad((nextval('payment_order_refs') % 1000000)::text, 6, '0')) AS refs
     FROM generate_series(1, $1::int)`,
    [n],
  );
  return (row?.refs ?? []).map(String);
};

export interface NewAttemptRow {
  attemptId: string;
  orderId: string;
  owner: string;
  provider: string;
  providerRef: string;
  now: number;
}

export const insertAttempts = async (tx: Sql, rows: readonly NewAttemptRow[]): Promise<void> => {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO payment_attempts (attempt_id, order_id, owner, provider, provider_ref, status, created_at, updated_at)
     SELECT v.attempt_id, v.order_id, v.owner, v.provider, v.provider_ref, 'open', v.now, v.now
     FROM jsonb_to_recordset($1::jsonb) AS v(attempt_id uuid, order_id uuid, owner text, provider text,
       provider_ref text, now bigint)
     ON CONFLICT (attempt_id) DO NOTHING`,
    [
      JSON.stringify(
        rows.map((r) => ({
          attempt_id: r.attemptId,
          order_id: r.orderId,
          owner: r.owner,
          provider: r.provider,
          provider_ref: r.providerRef,
          now: r.now,
        })),
      ),
    ],
  );
};

const attemptRowSchema = z.object({
  attempt_id: z.string(),
  order_id: z.string(),
  owner: z.string(),
  provider: z.string(),
  provider_ref: z.string(),
  status: z.string(),
  verdict: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.coerce.number(),
  updated_at: z.coerce.number(),
});
export type AttemptRow = z.infer<typeof attemptRowSchema>;

const COLUMNS =
  'attempt_id::text, order_id::text, owner, provider, provider_ref, status, verdict, created_at, updated_at';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One attempt by its id (undefined for a malformed id too: never a 500), its row locked when `lock`. */
export const attemptById = async (sql: Sql, attemptId: string, lock = false): Promise<AttemptRow | undefined> => {
  if (!uuidPattern.test(attemptId)) return undefined;
  const rows = await sql.query(
    `SELECT ${COLUMNS} FROM payment_attempts WHERE attempt_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [attemptId],
  );
  return rows[0] === undefined ? undefined : attemptRowSchema.parse(rows[0]);
};

/** The newest attempt a provider's reference names (BORICA's ORDER repeats after a day: the newest is it). */
export const attemptByProviderRef = async (
  sql: Sql,
  provider: string,
  providerRef: string,
): Promise<AttemptRow | undefined> => {
  const rows = await sql.query(
    `SELECT ${COLUMNS} FROM payment_attempts WHERE provider = $1 AND provider_ref = $2
     ORDER BY created_at DESC LIMIT 1`,
    [provider, providerRef.slice(0, 64)],
  );
  return rows[0] === undefined ? undefined : attemptRowSchema.parse(rows[0]);
};

/** The newest attempt of an order (the spec's calls name orders, not attempts). */
export const latestAttemptOf = async (sql: Sql, orderId: string): Promise<AttemptRow | undefined> => {
  if (!uuidPattern.test(orderId)) return undefined;
  const rows = await sql.query(
    `SELECT ${COLUMNS} FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [orderId],
  );
  return rows[0] === undefined ? undefined : attemptRowSchema.parse(rows[0]);
};

/** Attempts still in doubt (open or pending) whose last answer is older than `before`, oldest first. */
export const attemptsInDoubt = async (sql: Sql, before: number, limit: number): Promise<AttemptRow[]> => {
  const rows = await sql.query(
    `SELECT ${COLUMNS} FROM payment_attempts WHERE status IN ('open', 'pending') AND updated_at < $1
     ORDER BY updated_at LIMIT $2`,
    [before, limit],
  );
  return rows.map((row) => attemptRowSchema.parse(row));
};

export const setProviderRef = async (tx: Sql, attemptId: string, providerRef: string, now: number): Promise<void> => {
  await tx.query('UPDATE payment_attempts SET provider_ref = $2, updated_at = $3 WHERE attempt_id = $1', [
    attemptId,
    providerRef,
    now,
  ]);
};

export const recordVerdict = async (
  tx: Sql,
  attemptId: string,
  status: string,
  verdict: Record<string, unknown>,
  now: number,
): Promise<void> => {
  await tx.query('UPDATE payment_attempts SET status = $2, verdict = $3, updated_at = $4 WHERE attempt_id = $1', [
    attemptId,
    status,
    JSON.stringify(verdict),
    now,
  ]);
};

/** Marks an attempt asked (the reconciler's round), so the oldest unasked are asked first next time. */
export const touchAttempt = async (sql: Sql, attemptId: string, now: number): Promise<void> => {
  await sql.query('UPDATE payment_attempts SET updated_at = $2 WHERE attempt_id = $1', [attemptId, now]);
};

/** Attempts still in doubt of orders past their payment's due time (asked before such an order may expire). */
export const attemptsOfOverdueOrders = async (sql: Sql, now: number, limit: number): Promise<AttemptRow[]> => {
  const rows = await sql.query(
    `SELECT a.attempt_id::text, a.order_id::text, a.owner, a.provider, a.provider_ref, a.status, a.verdict,
       a.created_at, a.updated_at
     FROM payment_attempts a JOIN orders o ON o.order_id = a.order_id
     WHERE a.status IN ('open', 'pending') AND (o.doc -> 'payment') ->> 'status' IN ('awaiting', 'processing')
       AND (((o.doc -> 'payment') ->> 'dueBy')::bigint) <= $1
     ORDER BY a.updated_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => attemptRowSchema.parse(row));
};
