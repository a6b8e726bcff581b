import type { CommandLogRow, CommandTailEvent } from '../../../schema/ops/command-log.ts';
import { queryOf } from '../ops-api.ts';

/** The log's filters, as the console's URL and the API name them (schema/ops/command-filter.ts). */
export const FILTER_KEYS = [
  'q',
  'type',
  'status',
  'resultCode',
  'owner',
  'clientId',
  'orderNumber',
  'from',
  'to',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type LogFilter = Partial<Record<FilterKey, string>>;

/** The filters found in the URL's search parameters; anything else there is not a filter. */
export const filterOf = (search: Partial<Record<string, string>>): LogFilter =>
  Object.fromEntries(FILTER_KEYS.flatMap((key) => (search[key] ? [[key, search[key]]] : [])));

/** The filter as a query string (`?type=…`), '' for none: the list's, the tail's and the exports' alike. */
export const filterQuery = (filter: LogFilter, extra: Record<string, string | number | undefined> = {}): string =>
  queryOf({ ...filter, ...extra });

/**
 * The list after one tail event: a new command goes on top (once), an outcome replaces its row where it is. The
 * tail's order is the log's (newest received first), so a row is never moved.
 */
export const withTailEvent = (rows: readonly CommandLogRow[], event: CommandTailEvent): CommandLogRow[] => {
  const at = rows.findIndex((row) => row.id === event.row.id);
  if (at >= 0) {
    const next = rows.slice();
    next[at] = event.row;
    return next;
  }
  return [event.row, ...rows];
};

/** `datetime-local`'s text (local time) as epoch ms text for the URL, and back. */
export const instantFromLocal = (local: string): string | undefined => {
  if (!local) return undefined;
  const ms = new Date(local).getTime();
  return Number.isNaN(ms) ? undefined : String(ms);
};
export const localFromInstant = (instant: string | undefined): string => {
  if (!instant) return '';
  const ms = /^\d+$/.test(instant) ? Number(instant) : Date.parse(instant);
  if (Number.isNaN(ms)) return '';
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
};
