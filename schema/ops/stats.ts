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

const count = z.number().int().min(0);
const msOrNull = z.number().min(0).nullable();

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
    /** Per command type and outcome (succeeded, rejected, failed, pending), the count per bucket. */
    series: z.array(z.object({ type: z.string(), outcome: z.string(), total: count, counts: z.array(count) }).strict()),
    /** Over the whole range: how long commands waited offline (created on the device → received). */
    offline: z.array(z.object({ upToSeconds: z.number().nullable(), count }).strict()),
    /** Commands waiting for the executor now. */
    backlog: count,
  })
  .strict();
export type StatsResponse = z.infer<typeof statsResponseSchema>;
