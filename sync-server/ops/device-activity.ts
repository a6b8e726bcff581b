import { log } from '../observability/logger.ts';
import type { Database } from '../store/database.ts';

/** One push as the console records it: who pushed, from which device, and each command it carried. */
export interface PushSeen {
  /** When the push arrived (epoch ms): before its transaction took the commands. */
  at: number;
  owner: string;
  /** The device that sent the push (its header); absent, each command's own client id stands for it. */
  clientId: string | undefined;
  /** The browser profile the pushing client belongs to (its header), if it said. */
  deviceId: string | undefined;
  appVersion: string | undefined;
  commands: readonly { id: string; clientId: string }[];
  /** Ids the server already held: absorbed repeats. */
  duplicates: ReadonlySet<string>;
}

/** A pull of outcomes: `reached`, the highest serverSeq it brought (undefined when it brought none). */
export interface PullSeen {
  owner: string;
  clientId: string;
  deviceId: string | undefined;
  appVersion: string | undefined;
  reached: number | undefined;
}

interface StreamDelivery {
  clientId: string;
  owner: string;
  serverSeq: number;
  at: number;
}

/** Stream deliveries are gathered this long and written in one statement: one per stream event would cost a write. */
const STREAM_FLUSH_MS = 250;
/** Past this many waiting, older stream deliveries are dropped (the console loses a lag figure, nothing else). */
const STREAM_BUFFER_MAX = 10_000;

/**
 * Records what the console shows about devices (migrations 022, 023): each push attempt per command, each client's
 * last push, pull and stream delivery, when outcomes reached each client, and the device (browser profile) each
 * client id belongs to, as its pushes and pulls say it (a stream need not: every stream's start is followed by a pull
 * of outcomes, client/sync/replication.ts). One statement per push or pull, written after the push or pull has been
 * answered, outside its transaction; a failure is logged and never reaches the shopper: the console loses a line,
 * the shop loses nothing.
 */
export class DeviceActivity {
  private streamed: StreamDelivery[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  pushed(push: PushSeen): Promise<void> {
    if (push.commands.length === 0) return Promise.resolve();
    const pusherOf = (c: { clientId: string }) => push.clientId ?? c.clientId;
    const perDevice = new Map<string, number>();
    for (const c of push.commands) perDevice.set(pusherOf(c), (perDevice.get(pusherOf(c)) ?? 0) + 1);
    return this.safely(
      'push',
      this.db.query(
        `WITH attempts AS (
           INSERT INTO ops_push_attempts (command_id, at, client_id, batch_size, duplicate, app_version)
           SELECT c.id, to_timestamp($9::bigint / 1000.0), c.client_id, $3, c.id = ANY($4::uuid[]), $5
           FROM unnest($1::uuid[], $2::text[]) AS c(id, client_id)
         )
         INSERT INTO ops_devices (client_id, owner, last_push_at, app_version, waiting_count, device_id)
         SELECT d.client_id, $6, to_timestamp($9::bigint / 1000.0), $5, d.waiting, $10
         FROM unnest($7::text[], $8::int[]) AS d(client_id, waiting)
         ON CONFLICT (client_id) DO UPDATE SET
           owner = excluded.owner, last_push_at = excluded.last_push_at,
           app_version = coalesce(excluded.app_version, ops_devices.app_version), waiting_count = excluded.waiting_count,
           device_id = coalesce(excluded.device_id, ops_devices.device_id)`,
        [
          push.commands.map((c) => c.id),
          push.commands.map(pusherOf),
          push.commands.length,
          [...push.duplicates],
          push.appVersion ?? null,
          push.owner,
          [...perDevice.keys()],
          [...perDevice.values()],
          push.at,
          push.deviceId ?? null,
        ],
      ),
    );
  }

  pulled(pull: PullSeen): Promise<void> {
    return this.safely(
      'pull',
      this.db.query(
        `WITH device AS (
           INSERT INTO ops_devices (client_id, owner, last_pull_at, app_version, delivered_seq, device_id)
           VALUES ($1, $2, now(), $3, coalesce($4::bigint, 0), $5)
           ON CONFLICT (client_id) DO UPDATE SET
             owner = excluded.owner, last_pull_at = excluded.last_pull_at,
             app_version = coalesce(excluded.app_version, ops_devices.app_version),
             delivered_seq = greatest(ops_devices.delivered_seq, excluded.delivered_seq),
             device_id = coalesce(excluded.device_id, ops_devices.device_id)
         )
         INSERT INTO ops_deliveries (client_id, server_seq, via)
         SELECT $1, $4::bigint, 'pull' WHERE $4::bigint IS NOT NULL
         ON CONFLICT DO NOTHING`,
        [pull.clientId, pull.owner, pull.appVersion ?? null, pull.reached ?? null, pull.deviceId ?? null],
      ),
    );
  }

  /** A stream event brought outcomes up to `serverSeq` to a device: gathered, then written with the others. */
  deliveredByStream(clientId: string, owner: string, serverSeq: number): void {
    if (this.streamed.length >= STREAM_BUFFER_MAX) this.streamed.shift();
    this.streamed.push({ clientId, owner, serverSeq, at: Date.now() });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flushStreamed();
    }, STREAM_FLUSH_MS).unref();
  }

  /** Writes the gathered stream deliveries now (tests, shutdown). */
  async flushStreamed(): Promise<void> {
    const batch = this.streamed;
    this.streamed = [];
    if (batch.length === 0) return this.writing;
    const latest = new Map<string, StreamDelivery>();
    for (const d of batch) {
      const seen = latest.get(d.clientId);
      if (!seen || d.serverSeq >= seen.serverSeq) latest.set(d.clientId, d);
    }
    const firsts = new Map<string, StreamDelivery>();
    for (const d of batch)
      if (!firsts.has(`${d.clientId} ${d.serverSeq}`)) firsts.set(`${d.clientId} ${d.serverSeq}`, d);
    const devices = [...latest.values()];
    const deliveries = [...firsts.values()];
    this.writing = this.writing.then(() =>
      this.safely(
        'stream',
        this.db.query(
          `WITH device AS (
             INSERT INTO ops_devices (client_id, owner, last_stream_at, delivered_seq)
             SELECT d.client_id, d.owner, to_timestamp(d.at_ms / 1000.0), d.seq
             FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS d(client_id, owner, seq, at_ms)
             ON CONFLICT (client_id) DO UPDATE SET
               owner = excluded.owner, last_stream_at = excluded.last_stream_at,
               delivered_seq = greatest(ops_devices.delivered_seq, excluded.delivered_seq)
           )
           INSERT INTO ops_deliveries (client_id, server_seq, at, via)
           SELECT r.client_id, r.seq, to_timestamp(r.at_ms / 1000.0), 'stream'
           FROM unnest($5::text[], $6::bigint[], $7::bigint[]) AS r(client_id, seq, at_ms)
           ON CONFLICT DO NOTHING`,
          [
            devices.map((d) => d.clientId),
            devices.map((d) => d.owner),
            devices.map((d) => d.serverSeq),
            devices.map((d) => d.at),
            deliveries.map((d) => d.clientId),
            deliveries.map((d) => d.serverSeq),
            deliveries.map((d) => d.at),
          ],
        ),
      ),
    );
    return this.writing;
  }

  private async safely(what: string, write: Promise<unknown>): Promise<void> {
    try {
      await write;
    } catch (error) {
      log.warn({ err: error, what }, 'device activity not recorded');
    }
  }
}

const activities = new WeakMap<Database, DeviceActivity>();

/** The recorder of a store (one per store, shared by its routes and streams). */
export const deviceActivityOf = (db: Database): DeviceActivity => {
  let activity = activities.get(db);
  if (!activity) {
    activity = new DeviceActivity(db);
    activities.set(db, activity);
  }
  return activity;
};
