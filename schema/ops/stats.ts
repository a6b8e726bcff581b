import { z } from 'zod';

/** The health charts' windows, ending now. */
export const STATS_RANGES = { hour: 3_600_000, day: 86_400_000, week: 604_800_000 } as const;
export type StatsRange = keyof typeof STATS_RANGES;

/** About one bucket per pixel of the chart: at most 2000 (a wide screen), 60 when not asked. */
export const MAX_STATS_BUCKETS = 2000;

/** GET /api/ops/stats?range=hour|day|week&buckets=n */
export const statsQuerySchema = z
  .object({
    range: z.enum(['hour', 'day', 'week']).default('hour'),
    buckets: z.coerce.number().int().min(1).max(MAX_STATS_BUCKETS).default(60),
  })
  .strict();
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/**
 * Upper edges (seconds) of the offline-duration histogram: how long a command waited between its creation on the
 * device and its arrival at the server. The last slot (`upToSeconds: null`) is longer than a week.
 */
export const OFFLINE_EDGES_S = [1, 10, 60, 600, 3_600, 21_600, 86_400, 604_800] as const;

/**
 * Upper edges (seconds) of the sync-lag histogram: how long each device seen in the range has been missing an
 * outcome of its owner's (0: it has them all). The last slot (`upToSeconds: null`) is longer than a day.
 */
export const SYNC_LAG_EDGES_S = [0, 10, 60, 600, 3_600, 86_400] as const;
/** The most-lagging devices listed by name. */
export const SYNC_LAG_TOP = 20;
/**
 * Outcomes behind are counted up to this many: past it the count says "at least", so one stale device of a shopper
 * with a huge log costs the query a bounded index range, not the whole log.
 */
export const SYNC_LAG_COUNT_CAP = 10_000;

const count = z.number().int().min(0);
const msOrNull = z.number().min(0).nullable();
const histogram = z.array(z.object({ upToSeconds: z.number().nullable(), count }).strict());

/** A device that lacks some of its owner's outcomes, as the health page lists it (most lagging first). */
export const laggingDeviceSchema = z
  .object({
    clientId: z.string(),
    owner: z.string(),
    appVersion: z.string().nullable(),
    /** Its owner's settled commands past what was delivered to it (at most SYNC_LAG_COUNT_CAP). */
    behindOutcomes: count,
    /** Since the oldest outcome it lacks was settled (server clock). */
    behindSeconds: z.number().min(0),
    /** Its last pull or stream delivery, whether or not that brought anything. */
    lastSyncAt: z.number().int().nullable(),
  })
  .strict();
export type LaggingDevice = z.infer<typeof laggingDeviceSchema>;

/** How far behind the devices seen in the range are now. */
export const syncLagSchema = z
  .object({
    /** Devices that pushed, pulled or were streamed to in the range. */
    devices: count,
    /** Those devices by how long they have been behind, upper edges SYNC_LAG_EDGES_S (0: up to date). */
    histogram,
    /** The SYNC_LAG_TOP devices behind the longest (then by outcomes behind); up-to-date devices are not listed. */
    lagging: z.array(laggingDeviceSchema),
  })
  .strict();
export type SyncLag = z.infer<typeof syncLagSchema>;

/**
 * The health charts' data, columnar (what uPlot draws): `starts[i]` is bucket i's start (ms since the epoch), and
 * every other array has one value per bucket. Buckets are by the time the server received a command.
 */
export const statsResponseSchema = z
  .object({
    range: z.enum(['hour', 'day', 'week']),
    from: z.number().int(),
    to: z.number().int(),
    bucketMs: z.number().positive(),
    starts: z.array(z.number()),
    /** Commands received per bucket, whatever became of them. */
    received: z.array(count),
    /** Commands that failed (a fault, not a business refusal) per bucket. */
    failures: z.array(count),
    /** Execution time (received → processed) per bucket, ms; null where nothing was processed. */
    executionP50Ms: z.array(msOrNull),
    executionP95Ms: z.array(msOrNull),
    /**
     * Device-to-device latency per bucket, ms: from the server receiving a command to its outcome reaching each of
     * the owner's other devices (both on the server's clock); null where no such delivery happened.
     */
    deviceToDeviceP50Ms: z.array(msOrNull),
    deviceToDeviceP95Ms: z.array(msOrNull),
    /** 1: every command was measured for device-to-device latency; n: a random one in n (a busy range). */
    deviceToDeviceSampleEvery: z.number().int().min(1),
    /** Per command type and outcome (succeeded, rejected, failed, pending), the count per bucket. */
    series: z.array(z.object({ type: z.string(), outcome: z.string(), total: count, counts: z.array(count) }).strict()),
    /** Over the whole range: how long commands waited offline (created on the device → received). */
    offline: histogram,
    /** Commands waiting for the executor now. */
    backlog: count,
    /** Per device seen in the range, how far behind it is now. */
    syncLag: syncLagSchema,
  })
  .strict();
export type StatsResponse = z.infer<typeof statsResponseSchema>;
