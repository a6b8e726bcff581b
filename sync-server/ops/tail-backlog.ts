import type { CommandFilter } from '../../schema/ops/command-filter.ts';
import type { CommandTailGap } from '../../schema/ops/command-log.ts';
import type { Database } from '../store/database.ts';
import { whereOf } from './command-log-query.ts';

/** A gap's skipped rows are counted up to this many: past it, "more than" is all an operator needs. */
const GAP_COUNT_CAP = 100_000;

/** The filter's WHERE with `server_seq > after` (and `<= upTo`), its parameters numbered in order. */
const sinceWhere = (filter: CommandFilter, after: number, upTo?: number) => {
  const { where, params } = whereOf(filter);
  params.push(after);
  where.push(`server_seq > $${params.length}`);
  if (upTo !== undefined) {
    params.push(upTo);
    where.push(`server_seq <= $${params.length}`);
  }
  return { where: where.join(' AND '), params };
};

/** Matching rows after `after`, counted up to `cap` (+1): the count stops reading there, so it stays cheap. */
const countSince = async (
  db: Database,
  filter: CommandFilter,
  after: number,
  cap: number,
  upTo?: number,
): Promise<number> => {
  const { where, params } = sinceWhere(filter, after, upTo);
  params.push(cap + 1);
  const rows = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM commands WHERE ${where} LIMIT $${params.length}) AS backlog`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
};

/**
 * When more than `bound` matching commands were committed after `after`, the gap to skip: to the newest matching
 * command committed now (its serverSeq, read in the same commit order the tail reads, so nothing after it is lost),
 * with how many were skipped. Undefined when the tail is within the bound and should send every row.
 */
export const tailGapOf = async (
  db: Database,
  filter: CommandFilter,
  after: number,
  bound: number,
): Promise<CommandTailGap | undefined> => {
  if ((await countSince(db, filter, after, bound)) <= bound) return undefined;
  const { where, params } = sinceWhere(filter, after);
  const newest = await db.query<{ server_seq: number | string }>(
    `SELECT server_seq FROM commands WHERE ${where} ORDER BY server_seq DESC LIMIT 1`,
    params,
  );
  const upTo = Number(newest[0]?.server_seq ?? after);
  const skipped = await countSince(db, filter, after, GAP_COUNT_CAP, upTo);
  return { skipped: Math.min(skipped, GAP_COUNT_CAP), more: skipped > GAP_COUNT_CAP, after: upTo };
};
