import { z } from 'zod';
import { fail, parseFilter, parseOptions, type CommandFilterArgs, type Parsed } from '../args.ts';
import { column, timeOf } from '../format.ts';
import { opsClient, OpsHttpError, reportingFailures, withQuery, type CliCommand, type CliIo } from '../http.ts';

/** `tail [--filter key=value,...] [--json]`: the command log as it happens (GET /api/ops/tail, Server-Sent Events). */
export interface TailArgs {
  filter: CommandFilterArgs;
  json: boolean;
}

export const parseTailArgs = (args: readonly string[]): Parsed<TailArgs> => {
  const parsed = parseOptions(args, { flags: ['json'], lists: ['filter'] });
  if (!parsed.ok) return parsed;
  if (parsed.value.positionals.length > 0) return fail(`tail takes no "${parsed.value.positionals.join(' ')}"`);
  const filter = parseFilter(parsed.value.lists.get('filter') ?? []);
  if (!filter.ok) return filter;
  return { ok: true, value: { filter: filter.value, json: parsed.value.flags.has('json') } };
};

/** schema/ops/command-log.ts, commandTailEventSchema: the fields printed. */
export const tailEvent = z.object({
  kind: z.string(),
  row: z.looseObject({
    id: z.string(),
    type: z.string(),
    status: z.string(),
    resultCode: z.string().nullable(),
    owner: z.string(),
    receivedAt: z.number(),
    processedAt: z.number().nullable(),
  }),
});
export type TailEvent = z.infer<typeof tailEvent>;

export const describeTailEvent = ({ kind, row }: TailEvent): string =>
  `${timeOf(row.processedAt ?? row.receivedAt)}  ${column(kind, 8)}  ${column(row.status, 10)}  ${column(row.type, 24)}  ${row.id}  ${row.owner}${row.resultCode ? `  ${row.resultCode}` : ''}`;

/** A dropped stream is opened again after this pause, as the console's tail does. */
const RECONNECT_MS = 2_000;

export const tail: CliCommand = {
  name: 'tail',
  summary: 'follow the command log live (Ctrl-C to stop)',
  usage: 'tail [--filter type=order.place,status=failed,...] [--json]',
  run: (args: readonly string[], io: CliIo) =>
    reportingFailures(io, async () => {
      const parsed = parseTailArgs(args);
      if (!parsed.ok) {
        io.err(`ops tail: ${parsed.error}`);
        return 2;
      }
      const client = opsClient({ env: io.env });
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        const path = withQuery('/api/ops/tail', parsed.value.filter);
        io.err(`ops tail: following ${client.baseUrl}${path} (Ctrl-C to stop)`);
        while (!stop.signal.aborted) {
          try {
            await client.follow(
              path,
              (message) => {
                if (message.event !== undefined && message.event !== 'command') return;
                let data: unknown;
                try {
                  data = JSON.parse(message.data);
                } catch {
                  return;
                }
                const event = tailEvent.safeParse(data);
                if (!event.success) return;
                io.out(parsed.value.json ? JSON.stringify(event.data) : describeTailEvent(event.data));
              },
              stop.signal,
            );
          } catch (error) {
            // A refusal (401, 403, 400) will not change by asking again; a dropped connection will.
            if (error instanceof OpsHttpError && error.status < 500) throw error;
            if (stop.signal.aborted) break;
            io.err(
              `ops tail: stream dropped (${error instanceof Error ? error.message : String(error)}); reconnecting`,
            );
          }
          if (!stop.signal.aborted) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
        }
        return 0;
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    }),
};
