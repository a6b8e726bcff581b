import {
  OFFLINE_EDGES_S,
  STATS_RANGES,
  statsResponseSchema,
  type StatsQuery,
  type StatsResponse,
} from '../../schema/ops/stats.ts';
import type { Sql } from '../store/database.ts';
import { deviceKeyOf } from './device-sql.ts';
import { histogramOf } from './histogram.ts';
import { sampleEvery } from './stats-sampling.ts';
import { syncLagOf } from './sync-lag-query.ts';

/** The bucket of a moment of the window starting at $1, buckets $3 ms wide, $4 of them (the last one closed). */
const bucketOf = (at: string): string =>
  `least(floor(EXTRACT(EPOCH FROM ${at} - $1::timestamptz) * 1000 / $3::float8), $4::int - 1)::int`;

/**
 * The commands received in [$1, $2), each with its bucket ($3: bucket width in ms) and its execution time. Only
 * SQL that PGlite and PostgreSQL both take. The window is by received_at (the server's clock): a device's clock
 * (created_at) may be anything.
 */
const WINDOW = `WITH w AS (
    SELECT ${bucketOf('received_at')} AS b, type, status,
      (processed_at - EXTRACT(EPOCH FROM received_at) * 1000)::float8 AS exec_ms
    FROM commands WHERE received_at >= $1::timestamptz AND received_at < $2::timestamptz
  )`;

/**
 * Device-to-device latency per bucket: for each settled command received in the window and each OTHER device of
 * its owner, the time from the server receiving the command to its outcome reaching that device, i.e. that
 * device's first delivery at or past the command's server_seq (as the command's timeline derives it,
 * sync-server/ops/command-detail.ts: one probe of ops_deliveries' primary key per device).
 * Measured from received_at, not from the tap (created_at): both ends are then on the server's clock, while a
 * device's clock may be off by minutes or days and created_at is whatever the device said; the wait before the
 * server had the command is the offline histogram's figure. Left out: the device that made the command (it shows
 * its own command at once; its outcome coming back is not device-to-device), a device first seen after the
 * command was received (it got it with the history of its first visit, not as news), and a device that has not had
 * the outcome yet (no figure to take: how far behind it is, is the sync lag's).
 * $5: measure about one command in $5, picked by the random tail of its id (uuid v4 or v7) and not by server_seq,
 * whose values a command shares out with the read models it changes (every other one might be a cart's).
 * A device is a browser profile (its client ids, one per page load, put together by their device id: migration 023),
 * reached at the first delivery to any of them; the command's own device is left out whichever page load made it.
 * Driven by the window (commands_log_newest), then ops_devices_owner and ops_deliveries' primary key: no new index.
 */
const DEVICE_TO_DEVICE = `WITH l AS (
    SELECT ${bucketOf('c.received_at')} AS b, EXTRACT(EPOCH FROM reached.at - c.received_at)::float8 * 1000 AS lat_ms
    FROM commands c
    LEFT JOIN ops_devices maker ON maker.client_id = c.client_id
    CROSS JOIN LATERAL (
      SELECT min(x.at) AS at FROM ops_devices d
      CROSS JOIN LATERAL (
        SELECT at FROM ops_deliveries WHERE client_id = d.client_id AND server_seq >= c.server_seq
        ORDER BY server_seq LIMIT 1
      ) AS x
      WHERE d.owner = c.owner AND d.client_id <> c.client_id
        AND ${deviceKeyOf('d')} <> coalesce(maker.device_id, c.client_id)
      GROUP BY ${deviceKeyOf('d')}
      HAVING min(d.first_seen_at) <= c.received_at
    ) AS reached
    WHERE c.received_at >= $1::timestamptz AND c.received_at < $2::timestamptz
      AND c.status IN ('succeeded', 'rejected', 'failed')
      AND ($5::int = 1 OR mod(('x' || right(c.id::text, 8))::bit(32)::int, $5::int) = 0)
  )
  SELECT b,
    percentile_cont(0.5) WITHIN GROUP (ORDER BY lat_ms) AS p50,
    percentile_cont(0.95) WITHIN GROUP (ORDER BY lat_ms) AS p95
  FROM l GROUP BY b`;

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
const gaps = (length: number): (number | null)[] => Array.from({ length }, () => null);

/** Rounds to 0.1 ms; a time measured across the clocks of the server's machines is never below 0. */
const ms = (value: number | string | null): number | null =>
  value === null ? null : Math.max(0, Math.round(Number(value) * 10) / 10);

/** p50 and p95 per bucket, null where a bucket had nothing to measure. */
const percentileLines = (rows: readonly PercentileRow[], buckets: number) => {
  const p50 = gaps(buckets);
  const p95 = gaps(buckets);
  for (const row of rows) {
    if (row.b < 0 || row.b >= buckets) continue;
    p50[row.b] = ms(row.p50);
    p95[row.b] = ms(row.p95);
  }
  return { p50, p95 };
};

/**
 * The health charts' buckets, computed in the store: counts by type and outcome, p50/p95 execution time,
 * device-to-device latency and failures per bucket, the offline-duration histogram over the range, the executor's
 * backlog now, and how far behind the devices seen in the range are.
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
  const every = sampleEvery(counts.reduce((sum, row) => sum + row.n, 0));
  const deviceToDevice = await sql.query<PercentileRow>(DEVICE_TO_DEVICE, [...window, every]);
  const offline = await sql.query<{ slot: number; n: number }>(
    `SELECT width_bucket(EXTRACT(EPOCH FROM received_at)::float8 - created_at / 1000.0, $3::float8[]) AS slot,
       count(*)::int AS n
     FROM commands WHERE received_at >= $1::timestamptz AND received_at < $2::timestamptz GROUP BY slot`,
    [window[0]!, window[1]!, [...OFFLINE_EDGES_S]],
  );
  const [backlog] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM commands WHERE status = 'pending'`);
  const syncLag = await syncLagOf(sql, from, now);

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
  const execution = percentileLines(percentiles, query.buckets);
  const latency = percentileLines(deviceToDevice, query.buckets);

  return statsResponseSchema.parse({
    range: query.range,
    from,
    to: now,
    bucketMs,
    starts: Array.from({ length: query.buckets }, (_, i) => from + i * bucketMs),
    received,
    failures,
    executionP50Ms: execution.p50,
    executionP95Ms: execution.p95,
    deviceToDeviceP50Ms: latency.p50,
    deviceToDeviceP95Ms: latency.p95,
    deviceToDeviceSampleEvery: every,
    series: [...series.values()].sort((a, b) => b.total - a.total || a.type.localeCompare(b.type)),
    offline: histogramOf(OFFLINE_EDGES_S, offline),
    backlog: backlog?.n ?? 0,
    syncLag,
  });
};
