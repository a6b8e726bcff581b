import type { OpsDevice } from '../../schema/ops/timeline.ts';
import type { Sql } from '../store/database.ts';
import { ACTIVE_AT, deviceKeyOf, LATEST_FIRST, msOf } from './device-sql.ts';

interface DeviceRow {
  device_id: string;
  client_id: string;
  client_ids: string[];
  owner: string;
  first_seen_ms: number | null;
  last_push_ms: number | null;
  last_pull_ms: number | null;
  last_stream_ms: number | null;
  app_version: string | null;
  waiting_count: number;
  delivered_seq: number;
}

const deviceOf = (row: DeviceRow): OpsDevice => ({
  deviceId: row.device_id,
  clientId: row.client_id,
  clientIds: row.client_ids,
  owner: row.owner,
  firstSeenAt: row.first_seen_ms,
  lastPushAt: row.last_push_ms,
  lastPullAt: row.last_pull_ms,
  lastStreamAt: row.last_stream_ms,
  appVersion: row.app_version,
  waitingCount: row.waiting_count,
  deliveredSeq: row.delivered_seq,
});

/**
 * The devices of some owners (and of these client ids), most recently active first: one per browser profile, its
 * client ids (one per page load of a tab: client/sync/store-client.ts) put together by the device id they said
 * (migration 023); a client id that said none is a device of its own. Each device's last push, pull and stream are
 * the latest of any of its client ids; its app version and owner its latest client's; what waits on it, what its
 * latest push reported.
 */
export const readDevices = async (
  sql: Sql,
  owners: readonly string[],
  alsoClients: readonly string[] = [],
): Promise<OpsDevice[]> =>
  (
    await sql.query<DeviceRow>(
      `SELECT ${deviceKeyOf()} AS device_id,
         (array_agg(client_id ${LATEST_FIRST}))[1] AS client_id,
         array_agg(client_id ORDER BY first_seen_at, client_id) AS client_ids,
         (array_agg(owner ${LATEST_FIRST}))[1] AS owner,
         ${msOf('min(first_seen_at)', 'first_seen_ms')}, ${msOf('max(last_push_at)', 'last_push_ms')},
         ${msOf('max(last_pull_at)', 'last_pull_ms')}, ${msOf('max(last_stream_at)', 'last_stream_ms')},
         (array_agg(app_version ${LATEST_FIRST}) FILTER (WHERE app_version IS NOT NULL))[1] AS app_version,
         (array_agg(waiting_count ORDER BY last_push_at DESC NULLS LAST, client_id DESC))[1] AS waiting_count,
         max(delivered_seq) AS delivered_seq
       FROM ops_devices WHERE owner = ANY($1::text[]) OR client_id = ANY($2::text[])
       GROUP BY ${deviceKeyOf()}
       ORDER BY max(${ACTIVE_AT}) DESC NULLS LAST, 1`,
      [[...owners], [...alsoClients]],
    )
  ).map(deviceOf);
