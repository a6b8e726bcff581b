import type { Sql, SqlParam } from '../../sync-server/store/database.ts';

/**
 * The console's command-log page as bench:ops measures it: keyset on (received_at, id), newest first, and the same
 * query with OFFSET for the baseline. This mirrors branch ops-log's sync-server/ops/command-log-query.ts
 * (`whereOf`, `readCommandPage`); once that lands, `keysetPage` and `whereOf` here are to be replaced by imports of
 * it, so the bench measures the very SQL the API runs.
 */
export interface LogFilter {
  type?: string | undefined;
  status?: string | undefined;
  owner?: string | undefined;
  /** Received at or after (epoch ms). */
  from?: number | undefined;
  /** Received before (epoch ms). */
  to?: number | undefined;
}

/** Where a page starts: the last row of the page before, as the store keeps it. */
export interface LogCursor {
  receivedAt: string;
  id: string;
}

export const whereOf = (filter: LogFilter, params: SqlParam[] = []): { where: string[]; params: SqlParam[] } => {
  const where: string[] = [];
  const add = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.type !== undefined) where.push(`type = ${add(filter.type)}`);
  if (filter.status !== undefined) where.push(`status = ${add(filter.status)}`);
  if (filter.owner !== undefined) where.push(`owner = ${add(filter.owner)}`);
  if (filter.from !== undefined) where.push(`received_at >= to_timestamp(${add(filter.from)}::bigint / 1000.0)`);
  if (filter.to !== undefined) where.push(`received_at < to_timestamp(${add(filter.to)}::bigint / 1000.0)`);
  return { where, params };
};

const COLUMNS = `id, type, status, result_code, owner, client_id, seq, created_at,
  to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS received_key,
  processed_at, server_seq`;

interface PageRow {
  id: string;
  received_key: string;
}

const clause = (where: string[]): string => (where.length > 0 ? `WHERE ${where.join(' AND ')}` : '');

/** One page after `cursor`, newest first: what the console asks for at any depth. */
export const keysetPage = async (
  sql: Sql,
  filter: LogFilter,
  cursor: LogCursor | undefined,
  limit: number,
): Promise<PageRow[]> => {
  const { where, params } = whereOf(filter);
  if (cursor) {
    params.push(cursor.receivedAt, cursor.id);
    where.push(`(received_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(limit);
  return sql.query<PageRow>(
    `SELECT ${COLUMNS} FROM commands ${clause(where)} ORDER BY received_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
};

/** The same page by OFFSET: the baseline, and how the bench finds the cursor of a deep page. */
export const offsetPage = async (sql: Sql, filter: LogFilter, offset: number, limit: number): Promise<PageRow[]> => {
  const { where, params } = whereOf(filter);
  params.push(limit, offset);
  return sql.query<PageRow>(
    `SELECT ${COLUMNS} FROM commands ${clause(where)} ORDER BY received_at DESC, id DESC
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
};

export const matchingCount = async (sql: Sql, filter: LogFilter): Promise<number> => {
  const { where, params } = whereOf(filter);
  const [row] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM commands ${clause(where)}`, params);
  return row?.n ?? 0;
};

/**
 * The command log's indexes of branch ops-log's migration 022 (one per filter, each ending in the page order).
 * Until that migration is on this branch the bench creates them itself, and says so; after, they exist already.
 */
export const CONSOLE_INDEXES = [
  'CREATE INDEX IF NOT EXISTS commands_log_newest ON commands (received_at DESC, id DESC)',
  'CREATE INDEX IF NOT EXISTS commands_log_type ON commands (type, received_at DESC, id DESC)',
  'CREATE INDEX IF NOT EXISTS commands_log_status ON commands (status, received_at DESC, id DESC)',
  'CREATE INDEX IF NOT EXISTS commands_log_owner ON commands (owner, received_at DESC, id DESC)',
];
