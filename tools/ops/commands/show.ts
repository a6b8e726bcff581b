import { z } from 'zod';
import { commandIdSchema } from '../../../schema/commands/envelope.ts';
import { fail, parseOptions, type Parsed } from '../args.ts';
import { durationOf, timeOf } from '../format.ts';
import { opsClient, reportingFailures, type CliCommand, type CliIo } from '../http.ts';

/** `show <id> [--json]`: one command in full (GET /api/ops/commands/:id). */
export interface ShowArgs {
  id: string;
  json: boolean;
}

export const parseShowArgs = (args: readonly string[]): Parsed<ShowArgs> => {
  const parsed = parseOptions(args, { flags: ['json'] });
  if (!parsed.ok) return parsed;
  const [id, ...extra] = parsed.value.positionals;
  if (id === undefined) return fail('show needs a command id');
  if (extra.length > 0) return fail(`show takes one command id, not also "${extra.join(' ')}"`);
  const checked = commandIdSchema.safeParse(id.trim().toLowerCase());
  if (!checked.success) return fail(`"${id}" is not a command id (a UUIDv7)`);
  return { ok: true, value: { id: checked.data, json: parsed.value.flags.has('json') } };
};

/** The fields `show` prints; the answer has more (schema/ops/command-log.ts, commandDetailSchema). */
export const commandDetailAnswer = z.looseObject({
  command: z.looseObject({
    id: z.string(),
    type: z.string(),
    status: z.string(),
    resultCode: z.string().nullable(),
    owner: z.string(),
    clientId: z.string(),
    seq: z.number(),
    createdAt: z.number(),
    receivedAt: z.number(),
    processedAt: z.number().nullable(),
    payload: z.unknown(),
    result: z.unknown(),
    error: z.looseObject({ message: z.string().optional() }).nullable(),
  }),
  stateHistory: z.array(z.looseObject({ state: z.string(), since: z.number(), durationMs: z.number().nullable() })),
  attempts: z.array(z.unknown()),
  deliveries: z.array(z.looseObject({ clientId: z.string().optional(), lagMs: z.number().nullable().optional() })),
});
export type CommandDetailAnswer = z.infer<typeof commandDetailAnswer>;

/** The lines `show` prints for a command. */
export const describeCommand = (detail: CommandDetailAnswer): string[] => {
  const c = detail.command;
  return [
    `${c.id}  ${c.type}  ${c.status}${c.resultCode ? ` (${c.resultCode})` : ''}`,
    `  owner ${c.owner}  device ${c.clientId}  seq ${c.seq}`,
    `  created ${timeOf(c.createdAt)}  received ${timeOf(c.receivedAt)}  processed ${timeOf(c.processedAt)}`,
    ...(c.error?.message ? [`  error: ${c.error.message}`] : []),
    `  payload: ${JSON.stringify(c.payload)}`,
    ...(c.result !== null && c.result !== undefined ? [`  result: ${JSON.stringify(c.result)}`] : []),
    '  states:',
    ...detail.stateHistory.map(
      (s) => `    ${s.state.padEnd(11)} since ${timeOf(s.since)}  ${durationOf(s.durationMs)}`,
    ),
    `  push attempts: ${detail.attempts.length}`,
    `  delivered to ${detail.deliveries.length} device(s)${detail.deliveries
      .map((d) => `\n    ${d.clientId ?? '?'}  lag ${durationOf(d.lagMs ?? null)}`)
      .join('')}`,
  ];
};

export const commandPath = (id: string): string => `/api/ops/commands/${encodeURIComponent(id)}`;

export const show: CliCommand = {
  name: 'show',
  summary: 'one command: envelope, masked payload, result, states, attempts and deliveries',
  usage: 'show <command id> [--json]',
  run: (args: readonly string[], io: CliIo) =>
    reportingFailures(io, async () => {
      const parsed = parseShowArgs(args);
      if (!parsed.ok) {
        io.err(`ops show: ${parsed.error}`);
        return 2;
      }
      const client = opsClient({ env: io.env });
      if (parsed.value.json) {
        io.out(JSON.stringify(await client.get(commandPath(parsed.value.id), z.unknown()), null, 2));
        return 0;
      }
      for (const line of describeCommand(await client.get(commandPath(parsed.value.id), commandDetailAnswer)))
        io.out(line);
      return 0;
    }),
};
