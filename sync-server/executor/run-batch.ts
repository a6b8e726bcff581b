import type { Database } from '../store/database.ts';
import { claimRuns, interleaveRuns } from './claim.ts';
import { executeCommands, lastSeqsOf, outcomeColumns, type FeatureLookup } from './execute.ts';
import { lastOffsetsOf, numberWrites, writeEffects } from './write-effects.ts';

export interface BatchLimits {
  maxClients: number;
  maxCommands: number;
}

/**
 * One executor step, in one transaction: claim, run every command, then write each command's status
 * and result, the read models they changed and each client's last executed seq. Either all of that
 * commits or none of it does, so a command's effects happen exactly once even if the process dies
 * at any point. Returns how many commands were settled.
 *
 * Commands pushed when they are next in line run in the push's own transaction (see push-commands.ts);
 * this handles the rest: gaps filled later, work left by a crash, pushes taken by an instance without
 * an executor.
 */
export const runBatch = async (db: Database, featureOf: FeatureLookup, limits: BatchLimits): Promise<number> =>
  db.transaction(async (tx) => {
    const runs = await claimRuns(tx, limits.maxClients, limits.maxCommands);
    const commands = interleaveRuns(runs);
    if (commands.length === 0) return 0;

    const { settled, writes, now } = await executeCommands(tx, featureOf, commands);
    const documents = numberWrites(writes, settled.length);
    await writeEffects(tx, {
      count: settled.length + documents.length,
      settled: settled.map((s, n) => ({
        id: s.command.id,
        type: s.command.type,
        created_at: s.command.createdAt,
        ...outcomeColumns(s, now),
        n,
      })),
      documents,
      lastSeqs: lastSeqsOf(settled),
      notify: {
        owners: commands.map((c) => c.owner),
        offsets: { outcomes: settled.length - 1, ...lastOffsetsOf(documents) },
      },
    });
    return settled.length;
  });
