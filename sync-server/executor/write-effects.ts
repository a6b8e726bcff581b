import type { OwnerReadModel, ReadModelWrite } from '../features/feature.ts';
import { ownerReadModels } from '../features/registered.ts';
import type { Sql } from '../store/database.ts';
import { CHANGES_CHANNEL, type ChangeNotice } from '../store/server-seq.ts';

/** A command row to insert (a push's new commands, pending or settled in the push); `n`: its seq offset. */
export interface InsertedCommand {
  id: string;
  owner: string;
  client_id: string;
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  created_at: number;
  status: string;
  result?: Record<string, unknown> | null;
  result_code?: string | null;
  error?: Record<string, unknown> | null;
  processed_at?: number | null;
  failure?: Record<string, unknown> | null;
  n: number;
}

/** A stored command settled now (the executor's), with its seq offset. */
export interface SettledCommand {
  id: string;
  status: string;
  result: Record<string, unknown> | null;
  result_code: string;
  error: Record<string, unknown> | null;
  processed_at: number;
  /** Why it failed (a dead letter's cause), kept for the console; null keeps what was there. */
  failure?: Record<string, unknown> | null;
  n: number;
}

export interface Effects {
  /** How many sequence numbers to take: rows get first + n, n counting from 0. */
  count: number;
  inserted?: InsertedCommand[];
  settled?: SettledCommand[];
  /** Read model documents (of registered models: see readModelWrites), written with server_seq first + n. */
  documents?: { model: OwnerReadModel; owner: string; doc: Record<string, unknown>; n: number }[];
  /** Each client's last executed seq. */
  lastSeqs?: ReadonlyMap<string, number>;
  /** Report these owners' latest commands before this write (see LocalChange and `outcomesAfter`). */
  outcomesOf?: readonly string[];
  /**
   * Announce the change on CHANGES_CHANNEL in the same statement (a round trip less): for these owners, per
   * collection the offset `n` of its highest row written, sent as `seqs` (first + n). See notifyChanges.
   */
  notify?: { owners: readonly string[]; offsets: Readonly<Record<string, number>> };
}

/**
 * Writes what a transaction decided, in one statement (each one costs a round trip, and on PGlite most
 * of a small transaction's time): takes `count` server sequence numbers from the counter and stamps the
 * rows with them, inserts and settles commands, writes read models, advances clients and sends the NOTIFY. Call
 * it last before COMMIT (see reserveServerSeqs): the counter row stays locked until then. Returns the first
 * number, and `outcomesAfter`: per owner of `outcomesOf`, the highest server_seq of its commands before this
 * statement. No outcome of the owner written before lies above it (it is the latest outcome's, or a pending
 * command's, which is higher still), so it can be a LocalChange's `after`. It is read as max(server_seq), which
 * the planner answers from the end of the (owner, server_seq) index; "the latest settled one" with a status
 * filter was read through every command the owner ever made (PGlite has no statistics), 2 ms at 1,600.
 */
/**
 * One UPDATE per registered read model table, each taking its rows of $4 (`model` names the table), read once. The
 * text is the same for every call, so the statement is prepared once.
 */
const READ_MODELS_WRITTEN = [
  `documents AS (
       SELECT * FROM jsonb_to_recordset($4::jsonb) AS v(model text, owner text, doc jsonb, n bigint)
     ),`,
  ...[...new Set(ownerReadModels.map((model) => model.table))].map(
    (table, i) => `written_${i} AS (
       UPDATE ${table} AS t SET doc = v.doc, server_seq = counter.first + v.n
       FROM counter, documents AS v WHERE v.model = '${table}' AND t.owner = v.owner
     ),`,
  ),
].join('\n     ');

export const writeEffects = async (
  tx: Sql,
  effects: Effects,
): Promise<{ first: number; outcomesAfter: Map<string, number> }> => {
  const lastSeqs = effects.lastSeqs ?? new Map<string, number>();
  const [row] = await tx.query<{ first: number; outcomes_after: Record<string, number | null> | null }>(
    `WITH counter AS (
       UPDATE sync_counter SET value = value + $1 WHERE id = 1 RETURNING value - $1 + 1 AS first
     ),
     inserted AS (
       INSERT INTO commands (id, owner, client_id, seq, type, payload, created_at, status, result, result_code, error,
         processed_at, failure, server_seq)
       SELECT v.id, v.owner, v.client_id, v.seq, v.type, v.payload, v.created_at, v.status, v.result, v.result_code,
         v.error, v.processed_at, v.failure, counter.first + v.n
       FROM counter, jsonb_to_recordset($2::jsonb) AS v(id uuid, owner text, client_id text, seq bigint, type text,
         payload jsonb, created_at bigint, status text, result jsonb, result_code text, error jsonb,
         processed_at bigint, failure jsonb, n bigint)
     ),
     settled AS (
       UPDATE commands AS c SET status = v.status, result = v.result, result_code = v.result_code, error = v.error,
         processed_at = v.processed_at, failure = coalesce(v.failure, c.failure), server_seq = counter.first + v.n
       FROM counter, jsonb_to_recordset($3::jsonb) AS v(id uuid, status text, result jsonb, result_code text,
         error jsonb, processed_at bigint, failure jsonb, n bigint)
       WHERE c.id = v.id
     ),
     ${READ_MODELS_WRITTEN}
     clients_advanced AS (
       -- greatest: a retried command (see claimRetries) runs behind its client's last seq and must not move it back.
       UPDATE sync_clients AS s SET last_seq = greatest(s.last_seq, v.last_seq)
       FROM unnest($5::text[], $6::bigint[]) AS v(client_id, last_seq) WHERE s.client_id = v.client_id
     )
     SELECT counter.first,
       (SELECT jsonb_object_agg(o, (SELECT max(server_seq) FROM commands WHERE owner = o))
        FROM unnest($7::text[]) AS o) AS outcomes_after,
       CASE WHEN $8::text IS NOT NULL THEN pg_notify($8, ($9::jsonb || jsonb_build_object('seqs',
         (SELECT jsonb_object_agg(o.key, counter.first + o.value::bigint) FROM jsonb_each_text($10::jsonb) AS o)))::text)
       END AS notified
     FROM counter`,
    [
      effects.count,
      JSON.stringify(effects.inserted ?? []),
      JSON.stringify(effects.settled ?? []),
      JSON.stringify(
        (effects.documents ?? []).map(({ model, owner, doc, n }) => ({ model: model.table, owner, doc, n })),
      ),
      [...lastSeqs.keys()],
      [...lastSeqs.values()],
      [...(effects.outcomesOf ?? [])],
      effects.notify ? CHANGES_CHANNEL : null,
      effects.notify
        ? JSON.stringify({
            owners: [...new Set(effects.notify.owners)],
            collections: Object.keys(effects.notify.offsets),
          } satisfies Omit<ChangeNotice, 'seqs'>)
        : null,
      effects.notify ? JSON.stringify(effects.notify.offsets) : null,
    ],
  );
  if (!row) throw new Error('sync_counter row is missing: migrations did not run');
  const outcomesAfter = new Map(Object.entries(row.outcomes_after ?? {}).map(([owner, seq]) => [owner, seq ?? 0]));
  return { first: row.first, outcomesAfter };
};

export type NumberedWrite = ReadModelWrite & { n: number };

/** Read model writes numbered from `offset` (their server_seq will be first + n). */
export const numberWrites = (writes: readonly ReadModelWrite[], offset: number): NumberedWrite[] =>
  writes.map((write, i) => ({ ...write, n: offset + i }));

/** Per collection, the offset of its last row written: what a NOTIFY tells the streams (see Effects.notify). */
export const lastOffsetsOf = (writes: readonly NumberedWrite[]): Record<string, number> => {
  const offsets: Record<string, number> = {};
  for (const { model, n } of writes) offsets[model.collection] = Math.max(offsets[model.collection] ?? 0, n);
  return offsets;
};

/** A written document as its pull returns it (for this process's streams). */
export const writtenDocument = ({ doc, n }: NumberedWrite, first: number): { serverSeq: number } => ({
  ...doc,
  serverSeq: first + n,
});
