import { z } from 'zod';
import { fail, parseOptions, parseRange, type Parsed, type Range } from '../args.ts';
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

/**
 * The figures as `key: value` lines, nested objects indented; a list of buckets (the charts' series) is summed up
 * as its length and, for numbers, its total, not printed point by point.
 */
export const describeStats = (value: unknown, indent = ''): string[] => {
  if (typeof value !== 'object' || value === null) return [`${indent}${String(value)}`];
  return Object.entries(value).flatMap(([key, inner]) => {
    if (Array.isArray(inner)) {
      const numbers = inner.filter((v): v is number => typeof v === 'number');
      return [
        `${indent}${key}: ${inner.length} point(s)${numbers.length === inner.length && inner.length > 0 ? `, total ${numbers.reduce((a, b) => a + b, 0)}` : ''}`,
      ];
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
