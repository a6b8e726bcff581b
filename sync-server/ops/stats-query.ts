import {
  OFFLINE_EDGES_S,
  STATS_RANGES,
  statsResponseSchema,
  type StatsQuery,
  type StatsResponse,
} from '../../schema/ops/stats.ts';
import type { Sql } from '../store/database.ts';

/**
 * The commands received in [$1, $2), each with its bucket ($3: bucket width in ms) and its execution time. Only
 * SQL that PGlite and PostgreSQL both take. The window is by received_at (the server's clock): a device's clock
 * (created_at) may be anything.
 */
const WINDOW = `WITH w AS (
    SELECT least(floor(EXTRACT(EPOCH FROM received_at - $1::timestamptz) * 1000 / $3::float8), $4::int - 1)::int AS b,
      type, status,
      (processed_at - EXTRACT(EPOCH FROM received_at) * 1000)::float8 AS exec_ms
    FROM commands WHERE received_at >= $1::timestamptz AND received_at < $2::timestamptz
  )`;

interface CountRow {
  b: number;
  type: string;
  status: string;
  n: number;
}
interface PercentileRow {
  b: number;
  p50: number | null;
  p95: number | null;
}

const dense = (length: number): number[] => Array.from({ length }, () => 0);

/** Rounds to 0.1 ms; an execution measured across clocks of one machine is never below 0. */
const ms = (value: number | string | null): number | null =>
  value === null ? null : Math.max(0, Math.round(Number(value) * 10) / 10);

/**
 * The health charts' buckets, computed in the store: counts by type and outcome, p50/p95 execution time and
 * failures per bucket, the offline-duration histogram over the range, and the executor's backlog now.
 */
export const commandStats = async (sql: Sql, query: StatsQuery, now = Date.now()): Promise<StatsResponse> => {
  const rangeMs = STATS_RANGES[query.range];
  const from = now - rangeMs;
  const bucketMs = rangeMs / query.buckets;
  const window = [new Date(from).toISOString(), new Date(now).toISOString(), bucketMs, query.buckets];

  const counts = await sql.query<CountRow>(
    `${WINDOW} SELECT b, type, status, count(*)::int AS n FROM w GROUP BY b, type, status`,
    window,
  );
  const percentiles = await sql.query<PercentileRow>(
    `${WINDOW} SELECT b,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY exec_ms) AS p50,
       percentile_cont(0.95) WITHIN GROUP (ORDER BY exec_ms) AS p95
     FROM w WHERE exec_ms IS NOT NULL GROUP BY b`,
    window,
  );
  const offline = await sql.query<{ slot: number; n: number }>(
    `SELECT width_bucket(EXTRACT(EPOCH FROM received_at)::float8 - created_at / 1000.0, $3::float8[]) AS slot,
       count(*)::int AS n
     FROM commands WHERE received_at >= $1::timestamptz AND received_at < $2::timestamptz GROUP BY slot`,
    [window[0]!, window[1]!, [...OFFLINE_EDGES_S]],
  );
  const [backlog] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM commands WHERE status = 'pending'`);

  const received = dense(query.buckets);
  const failures = dense(query.buckets);
  const series = new Map<string, { type: string; outcome: string; total: number; counts: number[] }>();
  for (const { b, type, status, n } of counts) {
    if (b < 0 || b >= query.buckets) continue;
    received[b]! += n;
    if (status === 'failed') failures[b]! += n;
    const key = `${type}\u0000${status}`;
    const line = series.get(key) ?? { type, outcome: status, total: 0, counts: dense(query.buckets) };
    series.set(key, line);
    line.counts[b]! += n;
    line.total += n;
  }
  const p50: (number | null)[] = Array.from({ length: query.buckets }, () => null);
  const p95 = [...p50];
  for (const row of percentiles) {
    if (row.b < 0 || row.b >= query.buckets) continue;
    p50[row.b] = ms(row.p50);
    p95[row.b] = ms(row.p95);
  }
  // width_bucket: 0 below the first edge, i between edges i-1 and i, edges.length at or above the last.
  const histogram = [...OFFLINE_EDGES_S, null].map((upToSeconds) => ({ upToSeconds, count: 0 }));
  for (const { slot, n } of offline) histogram[Math.min(Math.max(slot, 0), OFFLINE_EDGES_S.length)]!.count += n;

  return statsResponseSchema.parse({
    range: query.range,
    from,
    to: now,
    bucketMs,
    starts: Array.from({ length: query.buckets }, (_, i) => from + i * bucketMs),
    received,
    failures,
    executionP50Ms: p50,
    executionP95Ms: p95,
    series: [...series.values()].sort((a, b) => b.total - a.total || a.type.localeCompare(b.type)),
    offline: histogram,
    backlog: backlog?.n ?? 0,
  });
};
