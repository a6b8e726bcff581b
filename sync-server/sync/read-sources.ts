import type { CommandDocument } from '../../schema/index.ts';
import type { PullSource } from '../features/feature.ts';
import { featurePullSources } from '../features/registered.ts';

export type { PullSource } from '../features/feature.ts';

interface CommandRow {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  owner: string;
  client_id: string;
  seq: number;
  created_at: number;
  status: CommandDocument['status'];
  result: Record<string, unknown> | null;
  result_code: string | null;
  error: CommandDocument['error'] | null;
  processed_at: number | null;
  server_seq: number;
}

export const COMMAND_COLUMNS =
  'id, type, payload, owner, client_id, seq, created_at, status, result, result_code, error, processed_at, server_seq';

/** A stored command as replication carries it: absent server fields are left out, never null. */
export const commandFromRow = (row: CommandRow): CommandDocument => ({
  id: row.id,
  type: row.type,
  payload: row.payload,
  owner: row.owner,
  clientId: row.client_id,
  seq: row.seq,
  createdAt: row.created_at,
  status: row.status,
  ...(row.result ? { result: row.result } : {}),
  ...(row.result_code ? { resultCode: row.result_code } : {}),
  ...(row.error ? { error: row.error } : {}),
  ...(row.processed_at !== null ? { processedAt: row.processed_at } : {}),
  serverSeq: row.server_seq,
});

const checkpointOf = (docs: { serverSeq: number }[], after: number) => ({
  serverSeq: docs.length > 0 ? docs[docs.length - 1]!.serverSeq : after,
});

/** The owner's commands as the server holds them; `settledOnly` gives the outcomes clients replicate. */
const commandLog = (name: string, settledOnly: boolean): PullSource<CommandDocument> => ({
  name,
  pushable: !settledOnly,
  streamed: settledOnly,
  async pull(sql, owner, after, limit) {
    const rows = await sql.query<CommandRow>(
      `SELECT ${COMMAND_COLUMNS} FROM commands WHERE owner = $1 AND server_seq > $2
       ${settledOnly ? "AND status IN ('succeeded', 'rejected', 'failed')" : ''} ORDER BY server_seq LIMIT $3`,
      [owner, after, limit],
    );
    const documents = rows.map(commandFromRow);
    return { documents, checkpoint: checkpointOf(documents, after) };
  },
});

/**
 * Every replicated collection: the kernel's command log (`commands`, pushed; `outcomes`, the settled ones) and
 * what the registered features serve (their read models and public collections). A null prototype: a
 * collection named `toString` or `__proto__` is simply unknown.
 */
export const pullSources: Readonly<Record<string, PullSource>> = Object.assign(Object.create(null) as object, {
  commands: commandLog('commands', false),
  outcomes: commandLog('outcomes', true),
  ...Object.fromEntries(featurePullSources.map((source) => [source.name, source])),
});
