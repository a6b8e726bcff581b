import type { Cart, CommandDocument, PullResponse } from '../../schema/index.ts';
import { catalogPullSources } from '../catalog/catalog-sources.ts';
import type { Sql } from '../store/database.ts';

/**
 * Each replicated collection's pull: the owner's rows changed after a checkpoint, in server_seq order.
 * Rows of one transaction have consecutive sequences and commit order is sequence order, so
 * "server_seq > after" never misses a row, however late it committed.
 */
export interface PullSource<Doc = unknown> {
  readonly name: string;
  /** Read models only accept pulls; `commands` also accepts pushes. */
  readonly pushable: boolean;
  /** Sent on the live stream (clients replicate it); `commands` itself is only pulled by protocol tools. */
  readonly streamed: boolean;
  pull(sql: Sql, owner: string, after: number, limit: number): Promise<PullResponse<Doc>>;
}

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

/** Read models stored as a JSON document plus the server_seq of their last write. */
const documentSource = <Doc extends { serverSeq: number }>(
  name: string,
  table: string,
  scope: 'owner' | 'public',
): PullSource<Doc> => ({
  name,
  pushable: false,
  streamed: true,
  async pull(sql, owner, after, limit) {
    const rows =
      scope === 'owner'
        ? await sql.query<{ doc: Doc; server_seq: number }>(
            `SELECT doc, server_seq FROM ${table} WHERE owner = $1 AND server_seq > $2 ORDER BY server_seq LIMIT $3`,
            [owner, after, limit],
          )
        : await sql.query<{ doc: Doc; server_seq: number }>(
            `SELECT doc, server_seq FROM ${table} WHERE server_seq > $1 ORDER BY server_seq LIMIT $2`,
            [after, limit],
          );
    const documents = rows.map((row) => ({ ...row.doc, serverSeq: row.server_seq }));
    return { documents, checkpoint: checkpointOf(documents, after) };
  },
});

export const pullSources: Record<string, PullSource> = {
  commands: commandLog('commands', false),
  outcomes: commandLog('outcomes', true),
  carts: documentSource<Cart>('carts', 'carts', 'owner'),
  // The catalogue (public): categories, attributes, cmsPages, cmsBlocks, banners, blogPosts, reviews,
  // taxRules, catalogProducts, and `products`, the cart's view of the catalogue products.
  ...catalogPullSources,
};
