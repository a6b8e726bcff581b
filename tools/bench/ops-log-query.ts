import type { CommandCursor, CommandFilter } from '../../schema/ops/command-filter.ts';
import { LOG_COLUMNS, readCommandPage, whereOf } from '../../sync-server/ops/command-log-query.ts';
import type { Sql } from '../../sync-server/store/database.ts';

/**
 * The console's command-log page as bench:ops measures it: the API's own keyset query (readCommandPage of
 * sync-server/ops/command-log-query.ts, with its WHERE clauses), and for the baseline the same WHERE and order with
 * OFFSET instead of the cursor.
 */
export type LogFilter = CommandFilter;
export type LogCursor = CommandCursor;

interface PageRow {
  id: string;
  received_key: string;
}

const clause = (where: string[]): string => (where.length > 0 ? `WHERE ${where.join(' AND ')}` : '');

/** One page after `cursor`, newest first: the console API's query. Answers the page's command ids. */
export const keysetPage = async (
  sql: Sql,
  filter: LogFilter,
  cursor: LogCursor | undefined,
  limit: number,
): Promise<string[]> => (await readCommandPage(sql, filter, cursor, limit)).rows.map((row) => row.id);

/** The same page by OFFSET: the baseline, and how the bench finds the cursor of a deep page. */
export const offsetPage = async (sql: Sql, filter: LogFilter, offset: number, limit: number): Promise<PageRow[]> => {
  const { where, params } = whereOf(filter);
  params.push(limit, offset);
  return sql.query<PageRow>(
    `SELECT ${LOG_COLUMNS} FROM commands ${clause(where)} ORDER BY received_at DESC, id DESC
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
};

export const matchingCount = async (sql: Sql, filter: LogFilter): Promise<number> => {
  const { where, params } = whereOf(filter);
  const [row] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM commands ${clause(where)}`, params);
  return row?.n ?? 0;
};
