import { once } from 'node:events';
import type { Response } from 'express';
import type { CommandFilter } from '../../schema/ops/command-filter.ts';
import { COMMAND_LOG_COLUMNS, type CommandLogRow } from '../../schema/ops/command-log.ts';
import type { Sql } from '../store/database.ts';
import { readCommandPage } from './command-log-query.ts';
import { decodeCommandCursor } from '../../schema/ops/command-filter.ts';

/** Rows read per page of an export: memory holds one page, never the whole list. */
const EXPORT_PAGE = 500;

/**
 * A CSV cell: quoted when it holds a separator, a quote or a line break; a text that a spreadsheet would run as a
 * formula (=, +, -, @ first) is prefixed with an apostrophe, so an owner id cannot become one.
 */
export const csvCell = (value: string | number | null): string => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const csvLine = (row: CommandLogRow): string =>
  `${COMMAND_LOG_COLUMNS.map((column) => csvCell(row[column])).join(',')}\r\n`;

/**
 * Streams every command a filter matches, newest first, as CSV (a header line first) or NDJSON, page by page on the
 * log's keyset: the server holds one page at a time, the client's pace is followed (a full socket is waited for),
 * and a client that goes away stops the reading.
 */
export const streamCommandExport = async (
  sql: Sql,
  res: Response,
  filter: CommandFilter,
  format: 'csv' | 'ndjson',
): Promise<void> => {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  res.status(200);
  res.setHeader('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="commands-${stamp}.${format}"`);
  res.setHeader('cache-control', 'no-store');
  const write = async (text: string): Promise<void> => {
    if (!res.write(text)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  };
  if (format === 'csv') await write(`${COMMAND_LOG_COLUMNS.join(',')}\r\n`);
  let cursor: string | null = null;
  do {
    const page = await readCommandPage(
      sql,
      filter,
      cursor === null ? undefined : decodeCommandCursor(cursor),
      EXPORT_PAGE,
    );
    const text = page.rows.map((row) => (format === 'csv' ? csvLine(row) : `${JSON.stringify(row)}\n`)).join('');
    if (text !== '') await write(text);
    cursor = page.next;
  } while (cursor !== null && !res.closed);
  res.end();
};
