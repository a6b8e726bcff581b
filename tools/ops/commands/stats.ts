import { z } from 'zod';
import { fail, parseOptions, parseRange, type Parsed, type Range } from '../args.ts';
import { column, durationOf, timeOf } from '../format.ts';
import { opsClient, reportingFailures, withQuery, type CliCommand, type CliIo } from '../http.ts';

/** `stats [--range hour|day|week] [--json]`: the store's vital signs (GET /api/ops/stats). */
export interface StatsArgs {
  range: Range;
  json: boolean;
}

export const parseStatsArgs = (args: readonly string[]): Parsed<StatsArgs> => {
  const parsed = parseOptions(args, { flags: ['json'], values: ['range'] });
  if (!parsed.ok) return parsed;
  if (parsed.value.positionals.length > 0) return fail(`stats takes no "${parsed.value.positionals.join(' ')}"`);
  const range = parseRange(parsed.value.values.get('range'), 'hour');
  if (!range.ok) return range;
  return { ok: true, value: { range: range.value, json: parsed.value.flags.has('json') } };
};

/** schema/ops/stats.ts (syncLagSchema): the fields printed. */
export const syncLagAnswer = z.looseObject({
  devices: z.number(),
  histogram: z.array(z.looseObject({ upToSeconds: z.number().nullable(), count: z.number() })),
  lagging: z.array(
    z.looseObject({
      clientId: z.string(),
      owner: z.string(),
      appVersion: z.string().nullable(),
      behindOutcomes: z.number(),
      behindSeconds: z.number(),
      lastSyncAt: z.number().nullable(),
    }),
  ),
});
export type SyncLagAnswer = z.infer<typeof syncLagAnswer>;

/** The sync lag: devices per slot of time behind, then the devices behind the longest, one line each. */
export const describeSyncLag = (lag: SyncLagAnswer, indent = ''): string[] => {
  const edges = lag.histogram.flatMap((slot) => (slot.upToSeconds === null ? [] : [slot.upToSeconds]));
  const slotName = (upTo: number | null): string =>
    upTo === 0
      ? 'up to date'
      : upTo === null
        ? `>= ${durationOf((edges.at(-1) ?? 0) * 1000)}`
        : `< ${durationOf(upTo * 1000)}`;
  return [
    `${indent}syncLag: ${lag.devices} device(s) seen`,
    ...lag.histogram.map((slot) => `${indent}  ${column(slotName(slot.upToSeconds), 16)}  ${slot.count}`),
    ...(lag.lagging.length === 0
      ? [`${indent}  no device is missing an outcome`]
      : [
          `${indent}  ${column('device', 40)}  ${column('shopper', 40)}  ${column('version', 10)}  ${'missing'.padStart(7)}  ${column('behind for', 14)}  last pull or stream`,
          ...lag.lagging.map(
            (d) =>
              `${indent}  ${column(d.clientId, 40)}  ${column(d.owner, 40)}  ${column(d.appVersion ?? '-', 10)}  ${String(d.behindOutcomes).padStart(7)}  ${column(durationOf(d.behindSeconds * 1000), 14)}  ${timeOf(d.lastSyncAt)}`,
          ),
        ]),
  ];
};

/**
 * The figures as `key: value` lines, nested objects indented; a list of buckets (the charts' series) is summed up
 * as its length and, for counts, its total, for times per bucket (percentiles), the latest; the sync lag as a small
 * table of its own.
 */
export const describeStats = (value: unknown, indent = ''): string[] => {
  if (typeof value !== 'object' || value === null) return [`${indent}${String(value)}`];
  return Object.entries(value).flatMap(([key, inner]) => {
    const lag = key === 'syncLag' ? syncLagAnswer.safeParse(inner) : undefined;
    if (lag?.success) return describeSyncLag(lag.data, indent);
    if (Array.isArray(inner)) {
      const numbers = inner.filter((v): v is number => typeof v === 'number');
      // Per-bucket times (…Ms: percentiles, null where a bucket had none) are not added up: the latest is shown.
      const summary =
        numbers.length === 0
          ? ''
          : key.endsWith('Ms')
            ? `, latest ${durationOf(numbers.at(-1))}`
            : numbers.length === inner.length
              ? `, total ${numbers.reduce((a, b) => a + b, 0)}`
              : '';
      return [`${indent}${key}: ${inner.length} point(s)${summary}`];
    }
    if (typeof inner === 'object' && inner !== null)
      return [`${indent}${key}:`, ...describeStats(inner, `${indent}  `)];
    return [`${indent}${key}: ${String(inner)}`];
  });
};

export const stats: CliCommand = {
  name: 'stats',
  summary: 'commands per second, execution and sync latency, backlog and failures',
  usage: 'stats [--range hour|day|week] [--json]',
  run: (args: readonly string[], io: CliIo) =>
    reportingFailures(io, async () => {
      const parsed = parseStatsArgs(args);
      if (!parsed.ok) {
        io.err(`ops stats: ${parsed.error}`);
        return 2;
      }
      const answer = await opsClient({ env: io.env }).get(
        withQuery('/api/ops/stats', { range: parsed.value.range }),
        z.unknown(),
      );
      if (parsed.value.json) io.out(JSON.stringify(answer, null, 2));
      else for (const line of describeStats(answer)) io.out(line);
      return 0;
    }),
};
