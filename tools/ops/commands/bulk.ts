import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { fail, parseFilter, parseOptions, type CommandFilterArgs, type Parsed } from '../args.ts';
import { durationOf, progressBar } from '../format.ts';
import { opsClient, reportingFailures, type CliCommand, type CliIo, type OpsClient } from '../http.ts';

/**
 * `bulk retry|cancel --filter key=value,... [--dry-run] [--yes]`: retry or cancel every command a filter selects
 * (POST /api/ops/bulk), after a preview of how many; then the job's progress (GET /api/ops/bulk/:id) until it ends.
 * Ctrl-C aborts the job on the server (DELETE /api/ops/bulk/:id); what was done stays done.
 */
export interface BulkArgs {
  action: 'retry' | 'cancel';
  filter: CommandFilterArgs;
  dryRun: boolean;
  /** Go on without asking after the preview. */
  yes: boolean;
}

export const parseBulkArgs = (args: readonly string[]): Parsed<BulkArgs> => {
  const parsed = parseOptions(args, { flags: ['dry-run', 'yes'], lists: ['filter'] });
  if (!parsed.ok) return parsed;
  const [action, ...extra] = parsed.value.positionals;
  if (action !== 'retry' && action !== 'cancel') return fail('bulk needs an action: retry or cancel');
  if (extra.length > 0) return fail(`bulk ${action} takes no "${extra.join(' ')}"`);
  const filter = parseFilter(parsed.value.lists.get('filter') ?? []);
  if (!filter.ok) return filter;
  // Every command of the shop is never what an operator means by a bulk action: a filter is required.
  if (Object.keys(filter.value).length === 0)
    return fail('bulk needs --filter (e.g. --filter type=order.place,status=failed)');
  return {
    ok: true,
    value: {
      action,
      filter: filter.value,
      dryRun: parsed.value.flags.has('dry-run'),
      yes: parsed.value.flags.has('yes'),
    },
  };
};

/** schema/ops/bulk.ts: the preview and the job, the fields used. */
const previewAnswer = z.looseObject({ matching: z.number(), eligible: z.number() });
export const bulkJobAnswer = z.looseObject({
  id: z.union([z.number(), z.string()]),
  state: z.string(),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
});
export type BulkJobAnswer = z.infer<typeof bulkJobAnswer>;
const startedAnswer = z.looseObject({ job: bulkJobAnswer });

const POLL_MS = 500;

export const describeProgress = (job: BulkJobAnswer, elapsedMs: number): string =>
  `${progressBar(job.done, job.total)}  ${job.failed} failed  ${durationOf(elapsedMs)}  ${job.state}`;

const confirm = async (question: string): Promise<boolean> => {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
};

const follow = async (client: OpsClient, io: CliIo, job: BulkJobAnswer): Promise<BulkJobAnswer> => {
  const path = `/api/ops/bulk/${encodeURIComponent(String(job.id))}`;
  const started = Date.now();
  let aborting = false;
  const onSignal = () => {
    if (aborting) return;
    aborting = true;
    io.err('ops bulk: aborting the job on the server…');
    void client.send('DELETE', path, undefined, z.unknown()).catch((error: unknown) => {
      io.err(`ops bulk: the abort was refused: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  process.once('SIGINT', onSignal);
  try {
    let last = '';
    let current = job;
    for (;;) {
      const line = describeProgress(current, Date.now() - started);
      // One line per change, so the progress reads the same on a terminal and in a log file.
      const key = `${current.done}/${current.failed}/${current.state}`;
      if (key !== last) io.out(line);
      last = key;
      if (current.state !== 'running') return current;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      current = await client.get(path, bulkJobAnswer);
    }
  } finally {
    process.off('SIGINT', onSignal);
  }
};

export const bulk: CliCommand = {
  name: 'bulk',
  summary: 'retry or cancel the commands a filter selects, after a preview, with progress (Ctrl-C aborts)',
  usage: 'bulk retry|cancel --filter type=...,status=...,resultCode=...,owner=...,from=...,to=... [--dry-run] [--yes]',
  run: (args: readonly string[], io: CliIo) =>
    reportingFailures(io, async () => {
      const parsed = parseBulkArgs(args);
      if (!parsed.ok) {
        io.err(`ops bulk: ${parsed.error}`);
        return 2;
      }
      const { action, filter, dryRun, yes } = parsed.value;
      const client = opsClient({ env: io.env });
      const preview = await client.send('POST', '/api/ops/bulk', { action, filter, dryRun: true }, previewAnswer);
      io.out(
        `${action}: ${preview.eligible} of the ${preview.matching} matching command(s) can be ${action === 'retry' ? 'retried' : 'cancelled'}`,
      );
      if (dryRun || preview.eligible === 0) return 0;
      if (!yes && !(await confirm(`${action} ${preview.eligible} command(s)?`))) {
        io.err('ops bulk: not confirmed; nothing done (add --yes to go on without asking)');
        return 1;
      }
      const { job } = await client.send('POST', '/api/ops/bulk', { action, filter, dryRun: false }, startedAnswer);
      const ended = await follow(client, io, job);
      io.out(`job ${ended.id} ${ended.state}: ${ended.done} of ${ended.total} done, ${ended.failed} failed`);
      return ended.state === 'finished' && ended.failed === 0 ? 0 : 1;
    }),
};
