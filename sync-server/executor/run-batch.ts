import type { Database } from '../store/database.ts';
import { claimRetries, claimRuns, interleaveRuns, mergeRuns, type ClaimedRun } from './claim.ts';
import { executeCommands, lastSeqsOf, outcomeColumns, type FeatureLookup } from './execute.ts';
import { lastOffsetsOf, numberWrites, writeEffects } from './write-effects.ts';

export interface BatchLimits {
  maxClients: number;
  maxCommands: number;
}

/** A narrower batch, while a failing one is split (isolate.ts): only these clients, at most so many commands. */
export interface BatchScope {
  clients: readonly string[];
  maxCommands: number;
}

/** The command a run holds, as the executor's failure handling needs it. */
export interface ClaimedCommand {
  id: string;
  clientId: string;
  owner: string;
  type: string;
  seq: number;
}

/** A batch whose transaction rolled back, with what it had claimed (empty when the claim itself failed). */
export class BatchFailed extends Error {
  override name = 'BatchFailed';
  constructor(
    readonly runs: readonly (readonly ClaimedCommand[])[],
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * One executor step, in one transaction: claim, run every command, then write each command's status
 * and result, the read models they changed and each client's last executed seq. Either all of that
 * commits or none of it does, so a command's effects happen exactly once even if the process dies
 * at any point. Returns how many commands were settled; a failure is thrown as BatchFailed, naming what
 * the batch held, so the executor can split it (isolate.ts).
 *
 * Commands pushed when they are next in line run in the push's own transaction (see push-commands.ts);
 * this handles the rest: gaps filled later, work left by a crash, pushes taken by an instance without
 * an executor, commands an operator retries.
 */
export const runBatch = async (
  db: Database,
  featureOf: FeatureLookup,
  limits: BatchLimits,
  scope?: BatchScope,
): Promise<number> => {
  let claimed: ClaimedRun[] = [];
  try {
    return await db.transaction(async (tx) => {
      const only = scope?.clients ?? null;
      const maxCommands = scope?.maxCommands ?? limits.maxCommands;
      const retries = await claimRetries(tx, maxCommands, only);
      claimed = mergeRuns(retries, await claimRuns(tx, only?.length ?? limits.maxClients, maxCommands, only));
      if (scope) claimed = claimed.map((run) => ({ ...run, commands: run.commands.slice(0, scope.maxCommands) }));
      const commands = interleaveRuns(claimed);
      if (commands.length === 0) return 0;

      const { settled, writes, now } = await executeCommands(tx, featureOf, commands);
      const documents = numberWrites(writes, settled.length);
      await writeEffects(tx, {
        count: settled.length + documents.length,
        settled: settled.map((s, n) => ({ id: s.command.id, ...outcomeColumns(s, now), n })),
        documents,
        lastSeqs: lastSeqsOf(settled),
        notify: {
          owners: commands.map((c) => c.owner),
          offsets: { outcomes: settled.length - 1, ...lastOffsetsOf(documents) },
        },
      });
      return settled.length;
    });
  } catch (error) {
    throw new BatchFailed(
      claimed.map((run) =>
        run.commands.map(({ id, clientId, owner, type, seq }) => ({ id, clientId, owner, type, seq })),
      ),
      error,
    );
  }
};
