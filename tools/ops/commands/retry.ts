import { z } from 'zod';
import { commandIdSchema } from '../../../schema/commands/envelope.ts';
import { fail, parseOptions, type Parsed } from '../args.ts';
import { opsClient, reportingFailures, type CliCommand, type CliIo, type OpsClient } from '../http.ts';
import { commandDetailAnswer, commandPath } from './show.ts';

/** `retry <id> [--dry-run] [--no-wait]`: POST /api/ops/commands/:id/retry, with the same idempotency key. */
export interface RetryArgs {
  id: string;
  dryRun: boolean;
  /** Return once the retry is queued instead of waiting for its outcome. */
  wait: boolean;
}

export const parseRetryArgs = (args: readonly string[]): Parsed<RetryArgs> => {
  const parsed = parseOptions(args, { flags: ['dry-run', 'no-wait'] });
  if (!parsed.ok) return parsed;
  const [id, ...extra] = parsed.value.positionals;
  if (id === undefined) return fail('retry needs a command id');
  if (extra.length > 0) return fail(`retry takes one command id, not also "${extra.join(' ')}"`);
  const checked = commandIdSchema.safeParse(id.trim().toLowerCase());
  if (!checked.success) return fail(`"${id}" is not a command id (a UUIDv7)`);
  return {
    ok: true,
    value: { id: checked.data, dryRun: parsed.value.flags.has('dry-run'), wait: !parsed.value.flags.has('no-wait') },
  };
};

/** What a dry run says a retry would cause (schema/ops/retry.ts, retryPreviewSchema); the fields printed. */
const previewAnswer = z.object({
  dryRun: z.literal(true),
  preview: z.looseObject({
    outcome: z.looseObject({ status: z.string(), code: z.string(), message: z.string().optional() }),
    summary: z.array(z.string()),
  }),
});
const retryAnswer = z.union([previewAnswer, z.looseObject({ dryRun: z.literal(false), status: z.string() })]);

/** How long `retry` waits for the retried command's outcome, and how often it asks. */
export const RETRY_WAIT_MS = 30_000;
const POLL_MS = 500;

const SETTLED = new Set(['succeeded', 'rejected', 'failed']);

const outcomeOf = async (client: OpsClient, id: string, deadline: number) => {
  for (;;) {
    const { command } = await client.get(commandPath(id), commandDetailAnswer);
    if (SETTLED.has(command.status) || Date.now() >= deadline) return command;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};

export const retry: CliCommand = {
  name: 'retry',
  summary: 'retry a failed command with its own idempotency key (--dry-run: what it would cause, nothing changed)',
  usage: 'retry <command id> [--dry-run] [--no-wait]',
  run: (args: readonly string[], io: CliIo) =>
    reportingFailures(io, async () => {
      const parsed = parseRetryArgs(args);
      if (!parsed.ok) {
        io.err(`ops retry: ${parsed.error}`);
        return 2;
      }
      const { id, dryRun, wait } = parsed.value;
      const client = opsClient({ env: io.env });
      const answer = await client.send('POST', `${commandPath(id)}/retry`, { dryRun }, retryAnswer);
      if (answer.dryRun) {
        const { outcome, summary } = answer.preview;
        io.out(
          `dry run of ${id}: would be ${outcome.status} (${outcome.code})${outcome.message ? `: ${outcome.message}` : ''}`,
        );
        for (const line of summary) io.out(`  ${line}`);
        io.out('nothing was changed; run it again without --dry-run to retry');
        return 0;
      }
      io.out(`${id}: queued for a retry`);
      if (!wait) return 0;
      const command = await outcomeOf(client, id, Date.now() + RETRY_WAIT_MS);
      if (!SETTLED.has(command.status)) {
        io.out(`${id}: still ${command.status} after ${RETRY_WAIT_MS / 1000} s; see \`ops show ${id}\``);
        return 0;
      }
      io.out(`${id}: ${command.status}${command.resultCode ? ` (${command.resultCode})` : ''}`);
      return command.status === 'succeeded' ? 0 : 1;
    }),
};
