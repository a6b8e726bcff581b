import {
  encodeCommandCursor,
  lookupKindOf,
  type CommandCursor,
  type CommandFilter,
} from '../../schema/ops/command-filter.ts';
import type { CommandLogPage, CommandLogRow } from '../../schema/ops/command-log.ts';
import type { CommandStatus } from '../../schema/commands/envelope.ts';
import type { Sql, SqlParam } from '../store/database.ts';

/** A row of the log as the store gives it. */
export interface CommandLogDbRow {
  id: string;
  type: string;
  status: CommandStatus;
  result_code: string | null;
  owner: string;
  client_id: string;
  seq: number;
  created_at: number;
  received_ms: number;
  received_key: string;
  processed_at: number | null;
  server_seq: number;
}

/** The columns of a log row; `received_key` is the exact received_at, the page's cursor. */
export const LOG_COLUMNS = `id, type, status, result_code, owner, client_id, seq, created_at,
  floor(extract(epoch FROM received_at) * 1000)::bigint AS received_ms,
  to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS received_key,
  processed_at, server_seq`;

export const logRowOf = (row: CommandLogDbRow): CommandLogRow => ({
  id: row.id,
  type: row.type,
  status: row.status,
  resultCode: row.result_code,
  owner: row.owner,
  clientId: row.client_id,
  seq: row.seq,
  createdAt: row.created_at,
  receivedAt: row.received_ms,
  processedAt: row.processed_at,
  serverSeq: row.server_seq,
});

/** The owners an e-mail stands for: the account's, and the guests merged into it at its logins. */
export const OWNERS_OF_EMAIL = (param: string): string => `(
  SELECT owner FROM users WHERE email_key = lower(trim(${param}))
  UNION ALL
  SELECT m.guest_owner FROM guest_merges m JOIN users u ON u.owner = m.user_owner
  WHERE u.email_key = lower(trim(${param})))`;

/** The order id (as text) of an order number; commands about the order carry it in their payload. */
const ORDER_ID_OF_NUMBER = (param: string): string =>
  `(SELECT order_id::text FROM orders WHERE order_number = upper(trim(${param})))`;

/**
 * The WHERE clauses of a filter, each matching one of migration 022's indexes, with their parameters numbered from
 * `params.length + 1`. The lookup `q` is read by its shape: a UUID is a command id (or an order's id), `BG-…` an
 * order number, anything with `@` an e-mail (the account's owner and its merged guests), anything else an owner id
 * or a client id.
 */
export const whereOf = (filter: CommandFilter, params: SqlParam[] = []): { where: string[]; params: SqlParam[] } => {
  const where: string[] = [];
  const add = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.type !== undefined) where.push(`type = ${add(filter.type)}`);
  if (filter.status !== undefined) where.push(`status = ${add(filter.status)}`);
  if (filter.resultCode !== undefined) where.push(`result_code = ${add(filter.resultCode)}`);
  if (filter.owner !== undefined) where.push(`owner = ${add(filter.owner)}`);
  if (filter.clientId !== undefined) where.push(`client_id = ${add(filter.clientId)}`);
  if (filter.orderNumber !== undefined) {
    where.push(`(payload ->> 'orderId') = ${ORDER_ID_OF_NUMBER(add(filter.orderNumber))}`);
  }
  if (filter.from !== undefined) where.push(`received_at >= to_timestamp(${add(filter.from)}::bigint / 1000.0)`);
  if (filter.to !== undefined) where.push(`received_at < to_timestamp(${add(filter.to)}::bigint / 1000.0)`);
  if (filter.q !== undefined) {
    const q = filter.q.trim();
    switch (lookupKindOf(q)) {
      case 'commandId': {
        const id = add(q.toLowerCase());
        where.push(`(id = ${id}::uuid OR (payload ->> 'orderId') = ${id})`);
        break;
      }
      case 'orderNumber':
        where.push(`(payload ->> 'orderId') = ${ORDER_ID_OF_NUMBER(add(q))}`);
        break;
      case 'email':
        where.push(`owner IN ${OWNERS_OF_EMAIL(add(q))}`);
        break;
      case 'owner': {
        const key = add(q);
        where.push(`(owner = ${key} OR client_id = ${key})`);
        break;
      }
    }
  }
  return { where, params };
};

/**
 * One page of the log, newest first, after `cursor`: keyset on (received_at, id), which never change, so a pager
 * that walks every page while commands are written sees each command that existed when it began exactly once (new
 * ones land above its first page, the live tail's business). Never OFFSET: a page costs the same at any depth.
 */
export const readCommandPage = async (
  sql: Sql,
  filter: CommandFilter,
  cursor: CommandCursor | undefined,
  limit: number,
): Promise<CommandLogPage> => {
  const { where, params } = whereOf(filter);
  if (cursor) {
    params.push(cursor.receivedAt, cursor.id);
    where.push(`(received_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(limit + 1);
  const rows = await sql.query<CommandLogDbRow>(
    `SELECT ${LOG_COLUMNS} FROM commands ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY received_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(logRowOf),
    next: rows.length > limit && last ? encodeCommandCursor({ receivedAt: last.received_key, id: last.id }) : null,
  };
};
