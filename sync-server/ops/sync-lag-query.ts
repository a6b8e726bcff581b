import {
  SYNC_LAG_COUNT_CAP,
  SYNC_LAG_EDGES_S,
  SYNC_LAG_TOP,
  type LaggingDevice,
  type SyncLag,
} from '../../schema/ops/stats.ts';
import type { Sql } from '../store/database.ts';
import { ACTIVE_AT, deviceKeyOf, LATEST_FIRST } from './device-sql.ts';
import { histogramOf } from './histogram.ts';

const SETTLED = `status IN ('succeeded', 'rejected', 'failed')`;

/**
 * Per device seen since $1 (a push, pull or stream delivery), how far behind it is at $2 (epoch ms): the outcomes
 * of its owner's it has not been delivered (settled commands past its delivered_seq: one range of
 * commands_owner_seq, counted up to $3, and only for a device that misses one) and since when (the settlement of
 * the first of them, by server_seq, on the server's clock). Behind is measured from that outcome, not from the
 * device's last pull: a device that pulled an hour ago and has missed nothing since is not lagging, and one that
 * pulled a second ago but was handed only a page of a backlog is. Its last pull or stream is answered beside.
 * Then, in the one statement: the histogram of the seconds behind ($4: upper edges; slot 0 only for the devices
 * that have everything) and the $5 devices behind the longest. The CTE is read three times, so both stores
 * materialise it and compute it once.
 * A device is a browser profile of one owner: its client ids (one per page load of a tab) put together by the
 * device id they said (migration 023; a client id that said none is a device of its own), delivered what any of
 * them was delivered, so an earlier page load that never speaks again is the device's past, not a device behind.
 * It is named by its latest client id, as the console's device lists do (sync-server/ops/devices-query.ts).
 * The devices are read by a scan of ops_devices (one short row per device) on purpose: an index on the times of
 * last contact would be rewritten by every pull and stream delivery, which would lose their HOT updates, to speed
 * up an operator's page.
 */
const SYNC_LAG = `WITH device AS (
    SELECT ${deviceKeyOf()} AS device_id, owner,
      (array_agg(client_id ${LATEST_FIRST}))[1] AS client_id,
      (array_agg(app_version ${LATEST_FIRST})
        FILTER (WHERE app_version IS NOT NULL))[1] AS app_version,
      max(greatest(last_pull_at, last_stream_at)) AS last_sync_at,
      max(delivered_seq) AS delivered_seq
    FROM ops_devices
    GROUP BY ${deviceKeyOf()}, owner
    HAVING max(${ACTIVE_AT}) >= $1::timestamptz
  ), lag AS (
    SELECT d.client_id, d.owner, d.app_version,
      floor(EXTRACT(EPOCH FROM d.last_sync_at) * 1000)::bigint AS last_sync_ms,
      CASE WHEN oldest.server_seq IS NULL THEN 0 ELSE (
        SELECT count(*)::int FROM (
          SELECT 1 FROM commands WHERE owner = d.owner AND server_seq > d.delivered_seq AND ${SETTLED} LIMIT $3
        ) AS undelivered
      ) END AS behind_outcomes,
      CASE WHEN oldest.server_seq IS NULL THEN 0
        ELSE greatest(0, $2::bigint - coalesce(oldest.processed_at, $2::bigint)) / 1000.0 END::float8 AS behind_s
    FROM device d
    LEFT JOIN LATERAL (
      SELECT server_seq, processed_at FROM commands
      WHERE owner = d.owner AND server_seq > d.delivered_seq AND ${SETTLED}
      ORDER BY server_seq LIMIT 1
    ) AS oldest ON true
  )
  SELECT
    (SELECT count(*)::int FROM lag) AS devices,
    (SELECT coalesce(json_agg(json_build_object('slot', slot, 'n', n)), '[]'::json) FROM (
      SELECT CASE WHEN behind_outcomes = 0 THEN 0 ELSE width_bucket(behind_s, $4::float8[]) END AS slot,
        count(*)::int AS n
      FROM lag GROUP BY 1
    ) AS h) AS histogram,
    (SELECT coalesce(json_agg(json_build_object('clientId', client_id, 'owner', owner, 'appVersion', app_version,
        'behindOutcomes', behind_outcomes, 'behindSeconds', round(behind_s::numeric, 1), 'lastSyncAt', last_sync_ms)
        ORDER BY behind_s DESC, behind_outcomes DESC, client_id), '[]'::json) FROM (
      SELECT * FROM lag WHERE behind_outcomes > 0
      ORDER BY behind_s DESC, behind_outcomes DESC, client_id LIMIT $5
    ) AS t) AS lagging`;

interface SyncLagRow {
  devices: number;
  histogram: { slot: number; n: number }[];
  lagging: LaggingDevice[];
}

/** How far behind the devices seen since `from` are at `now` (epoch ms both). */
export const syncLagOf = async (sql: Sql, from: number, now: number): Promise<SyncLag> => {
  const [row] = await sql.query<SyncLagRow>(SYNC_LAG, [
    new Date(from).toISOString(),
    now,
    SYNC_LAG_COUNT_CAP,
    [...SYNC_LAG_EDGES_S],
    SYNC_LAG_TOP,
  ]);
  return {
    devices: row?.devices ?? 0,
    histogram: histogramOf(SYNC_LAG_EDGES_S, row?.histogram ?? []),
    lagging: (row?.lagging ?? []).map((device) => ({
      ...device,
      behindSeconds: Number(device.behindSeconds),
      lastSyncAt: device.lastSyncAt === null ? null : Number(device.lastSyncAt),
    })),
  };
};
