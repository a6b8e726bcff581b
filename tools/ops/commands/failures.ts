import { z } from 'zod';
import { fail, parseOptions, parseRange, type Parsed, type Range } from '../args.ts';
import { column, sparkline, timeOf } from '../format.ts';
import { opsClient, reportingFailures, withQuery, type CliCommand, type CliIo } from '../http.ts';

/** `failures [--range hour|day|week] [--json]`: failed and refused commands by cause (GET /api/ops/failures). */
export interface FailuresArgs {
  range: Range;
  json: boolean;
}

export const parseFailuresArgs = (args: readonly string[]): Parsed<FailuresArgs> => {
  const parsed = parseOptions(args, { flags: ['json'], values: ['range'] });
  if (!parsed.ok) return parsed;
  if (parsed.value.positionals.length > 0) return fail(`failures takes no "${parsed.value.positionals.join(' ')}"`);
  const range = parseRange(parsed.value.values.get('range'), 'day');
  if (!range.ok) return range;
  return { ok: true, value: { range: range.value, json: parsed.value.flags.has('json') } };
};

/** schema/ops/failures.ts (failuresResponseSchema): the fields printed. */
export const failuresAnswer = z.looseObject({
  groups: z.array(
    z.looseObject({
      type: z.string(),
      status: z.string(),
      cause: z.string(),
      resultCode: z.string(),
      count: z.number(),
      lastSeen: z.number(),
      buckets: z.array(z.number()),
    }),
  ),
});
export type FailuresAnswer = z.infer<typeof failuresAnswer>;

/** One line per cause, most frequent first, with its counts over the range as bars. */
export const describeFailures = (answer: FailuresAnswer, range: Range): string[] => {
  if (answer.groups.length === 0) return [`no failed or refused commands in the last ${range}`];
  return [
    `${'count'.padStart(7)}  ${column('type', 24)}  ${column('status', 8)}  ${column('cause', 28)}  ${column('last seen', 24)}  over the last ${range}`,
    ...answer.groups.map(
      (g) =>
        `${String(g.count).padStart(7)}  ${column(g.type, 24)}  ${column(g.status, 8)}  ${column(g.cause, 28)}  ${column(timeOf(g.lastSeen), 24)}  ${sparkline(g.buckets)}`,
    ),
    `retry a group: npm run ops -- bulk retry --filter type=<type>,status=failed,resultCode=<cause>`,
  ];
};

export const failures: CliCommand = {
  name: 'failures',
  summary: 'failed and refused commands grouped by cause, with counts over time',
  usage: 'failures [--range hour|day|week] [--json]',
  run: (args: readonly string[], io: CliIo) =>
    reportingFailures(io, async () => {
      const parsed = parseFailuresArgs(args);
      if (!parsed.ok) {
        io.err(`ops failures: ${parsed.error}`);
        return 2;
      }
      const client = opsClient({ env: io.env });
      const path = withQuery('/api/ops/failures', { range: parsed.value.range });
      if (parsed.value.json) {
        io.out(JSON.stringify(await client.get(path, z.unknown()), null, 2));
        return 0;
      }
      for (const line of describeFailures(await client.get(path, failuresAnswer), parsed.value.range)) io.out(line);
      return 0;
    }),
};
