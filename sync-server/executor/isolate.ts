import type { BatchScope, ClaimedCommand } from './run-batch.ts';

/** One try of a narrower batch: it committed, or it failed holding these runs (one per client). */
export type Attempt = { ok: true } | { ok: false; runs: readonly (readonly ClaimedCommand[])[]; cause: unknown };

/** What splitting a failing batch found. `batches`: how many batches it ran (the console and the tests count them). */
export type Isolation =
  /** This command fails alone, twice: set it aside (a dead letter). */
  | { kind: 'isolated'; command: ClaimedCommand; cause: unknown; batches: number }
  /** Every part committed: the failure went away (a lost connection, a deadlock). */
  | { kind: 'cleared'; batches: number }
  /** A failure that names no command (the store is unreachable, the claim failed): nothing to set aside. */
  | { kind: 'unexplained'; cause: unknown; batches: number };

export interface IsolateOptions {
  /** Try a narrower batch (runBatch with a scope). */
  tryBatch: (scope: BatchScope) => Promise<Attempt>;
  /** Wait before a command that failed alone is tried alone again (the backoff between retries). */
  pause: (ms: number) => Promise<void>;
  /** The most batches to spend before giving up (the executor then backs off and starts again). */
  maxBatches?: number;
  /** The wait before the confirming try of a command that failed alone. */
  confirmAfterMs?: number;
}

/**
 * Splits a failing batch until the failing command is alone: first by client (halves of the clients: the half that
 * commits is done, its commands settled), then, within one client, by command (a prefix of half its run: the commands
 * must run in seq order, so the prefix either commits, and the failure lies after it, or fails, and it lies within).
 * A command that fails alone is tried alone once more after a pause, so a passing fault (a dropped connection) does
 * not turn a good command into a dead letter. About log2(clients) + log2(commands) + 2 batches.
 */
export const isolateFailure = async (
  failing: { runs: readonly (readonly ClaimedCommand[])[]; cause: unknown },
  { tryBatch, pause, maxBatches = 40, confirmAfterMs = 50 }: IsolateOptions,
): Promise<Isolation> => {
  let suspects = nonEmpty(failing.runs);
  let batches = 0;
  let lastCause = failing.cause;
  let aloneFailures = 0;
  while (batches < maxBatches) {
    if (suspects.length === 0) return { kind: 'unexplained', cause: lastCause, batches };
    if (suspects.length > 1) {
      const half = suspects.slice(0, Math.ceil(suspects.length / 2));
      const rest = suspects.slice(half.length);
      batches++;
      const attempt = await tryBatch(scopeOf(half));
      if (attempt.ok) suspects = rest;
      else {
        lastCause = attempt.cause;
        suspects = nonEmpty(attempt.runs);
      }
      continue;
    }
    const run = suspects[0]!;
    if (run.length > 1) {
      const prefix = Math.floor(run.length / 2);
      batches++;
      const attempt = await tryBatch({ clients: [run[0]!.clientId], maxCommands: prefix });
      if (attempt.ok) suspects = [run.slice(prefix)];
      else {
        lastCause = attempt.cause;
        suspects = nonEmpty(attempt.runs).slice(0, 1);
      }
      continue;
    }
    const alone = run[0]!;
    if (aloneFailures > 0) await pause(confirmAfterMs * 2 ** (aloneFailures - 1));
    batches++;
    const attempt = await tryBatch({ clients: [alone.clientId], maxCommands: 1 });
    if (attempt.ok) return { kind: 'cleared', batches };
    lastCause = attempt.cause;
    const now = nonEmpty(attempt.runs)[0]?.[0];
    if (!now) return { kind: 'unexplained', cause: attempt.cause, batches };
    if (now.id !== alone.id) {
      // Another command of the client came first (a retried one): follow it.
      aloneFailures = 0;
      suspects = [[now]];
      continue;
    }
    aloneFailures++;
    if (aloneFailures >= 2) return { kind: 'isolated', command: alone, cause: attempt.cause, batches };
  }
  return { kind: 'unexplained', cause: lastCause, batches };
};

const nonEmpty = (runs: readonly (readonly ClaimedCommand[])[]): (readonly ClaimedCommand[])[] =>
  runs.filter((run) => run.length > 0);

/** The clients of these runs, each with room for its whole run (a batch shares its commands equally: claim.ts). */
const scopeOf = (runs: readonly (readonly ClaimedCommand[])[]): BatchScope => ({
  clients: runs.map((run) => run[0]!.clientId),
  maxCommands: Math.max(...runs.map((run) => run.length)) * runs.length,
});
