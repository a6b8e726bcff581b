import {
  newCommandDocumentSchema,
  parseCommand,
  pushRequestSchema,
  type CommandDocument,
  type PushResponse,
  type TypedCommand,
} from '../../schema/index.ts';
import type { Principal } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database } from '../store/database.ts';
import { reserveServerSeqs, WORK_CHANNEL } from '../store/server-seq.ts';
import { COMMAND_COLUMNS, commandFromRow } from './read-sources.ts';

/**
 * Takes a client's pushed commands into the log, all or nothing.
 * - Malformed documents, unknown types, another owner's documents, a client id bound to someone else:
 *   4xx naming the row and field; nothing is stored.
 * - A command already stored (a repeated push, at-least-once delivery): not changed; its stored state
 *   is returned as a conflict and the client adopts it. That is also the answer to any client edit of
 *   a server-owned field.
 * - New commands are stored pending and the executors are woken.
 */
export const pushCommands = async (
  db: Database,
  principal: Principal,
  body: unknown,
): Promise<PushResponse<CommandDocument>> => {
  const request = pushRequestSchema.safeParse(body);
  if (!request.success) throw HttpProblem.invalid(request.error, 'body');
  const commands = request.data.rows.map((row, index) => validateRow(row.newDocumentState, index, principal));
  if (commands.length === 0) return { conflicts: [] };

  return db.transaction(async (tx) => {
    const clientIds = [...new Set(commands.map((c) => c.clientId))];
    await tx.query(
      'INSERT INTO sync_clients (client_id, principal) SELECT unnest($1::text[]), $2 ON CONFLICT (client_id) DO NOTHING',
      [clientIds, principal.owner],
    );
    const foreignClient = await tx.query<{ client_id: string }>(
      'SELECT client_id FROM sync_clients WHERE client_id = ANY($1) AND principal <> $2',
      [clientIds, principal.owner],
    );
    if (foreignClient[0]) {
      throw new HttpProblem(403, `clientId ${foreignClient[0].client_id} belongs to another owner`, 'clientId');
    }

    const existing = await tx.query<Parameters<typeof commandFromRow>[0]>(
      `SELECT ${COMMAND_COLUMNS} FROM commands WHERE id = ANY($1::uuid[])`,
      [commands.map((c) => c.id)],
    );
    const stored = new Map(existing.map((row) => [row.id, commandFromRow(row)]));
    for (const doc of stored.values()) {
      if (doc.owner !== principal.owner) throw new HttpProblem(409, `command id ${doc.id} is already taken`, 'id');
    }
    const fresh = uniqueById(commands.filter((c) => !stored.has(c.id)));
    if (fresh.length > 0) await insertPending(tx, fresh);
    // Pending commands are not replicated back (clients hold their own); only the executors need to know.
    if (fresh.length > 0) await tx.query('SELECT pg_notify($1, $2)', [WORK_CHANNEL, principal.owner]);
    return { conflicts: [...stored.values()] };
  });
};

const validateRow = (doc: Record<string, unknown>, index: number, principal: Principal): TypedCommand => {
  const at = `rows.${index}.newDocumentState`;
  const parsed = parseCommand(doc);
  if (!parsed.ok) throw new HttpProblem(400, `${at}.${parsed.message}`, `${at}.${parsed.field}`);
  if (parsed.command.owner !== principal.owner) {
    throw new HttpProblem(403, `${at}.owner: the command belongs to another owner`, `${at}.owner`);
  }
  const asNew = newCommandDocumentSchema.safeParse(doc);
  if (!asNew.success) {
    // The client set a server-owned field on a command the server has never seen.
    const field = asNew.error.issues[0]?.path.join('.') ?? 'status';
    throw new HttpProblem(400, `${at}.${field}: server-owned field set by the client`, `${at}.${field}`);
  }
  return parsed.command;
};

const uniqueById = (commands: TypedCommand[]): TypedCommand[] => [...new Map(commands.map((c) => [c.id, c])).values()];

const insertPending = async (tx: Parameters<Parameters<Database['transaction']>[0]>[0], fresh: TypedCommand[]) => {
  const taken = await tx.query<{ client_id: string; seq: number }>(
    `SELECT c.client_id, c.seq FROM commands c
     JOIN jsonb_to_recordset($1::jsonb) AS v(client_id text, seq bigint) ON c.client_id = v.client_id AND c.seq = v.seq`,
    [JSON.stringify(fresh.map((c) => ({ client_id: c.clientId, seq: c.seq })))],
  );
  if (taken[0]) {
    throw new HttpProblem(409, `seq ${taken[0].seq} of client ${taken[0].client_id} is used by another command`, 'seq');
  }
  const first = await reserveServerSeqs(tx, fresh.length);
  const rows = fresh.map((c, i) => ({
    id: c.id,
    owner: c.owner,
    client_id: c.clientId,
    seq: c.seq,
    type: c.type,
    payload: c.payload,
    created_at: c.createdAt,
    server_seq: first + i,
  }));
  await tx.query(
    `INSERT INTO commands (id, owner, client_id, seq, type, payload, created_at, status, server_seq)
     SELECT id, owner, client_id, seq, type, payload, created_at, 'pending', server_seq
     FROM jsonb_to_recordset($1::jsonb)
       AS v(id uuid, owner text, client_id text, seq bigint, type text, payload jsonb, created_at bigint, server_seq bigint)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows)],
  );
};
