import type { Database } from '../store/database.ts';
import { claimRuns, interleaveRuns } from './claim.ts';
import { executeCommands, lastSeqsOf, outcomeColumns } from './execute.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { writeEffects } from './write-effects.ts';

export interface BatchLimits {
  maxClients: number;
  maxCommands: number;
}

/**
 * One executor step, in one transaction: claim, run every handler, then write each command's status
 * and result, the read models they changed and each client's last executed seq. Either all of that
 * commits or none of it does, so a command's effects happen exactly once even if the process dies
 * at any point. Returns how many commands were settled.
 *
 * Commands pushed when they are next in line run in the push's own transaction (see push-commands.ts);
 * this handles the rest: gaps filled later, work left by a crash, pushes taken by an instance without
 * an executor.
 */
export const runBatch = async (db: Database, handlers: HandlerRegistry, limits: BatchLimits): Promise<number> =>
  db.transaction(async (tx) => {
    const runs = await claimRuns(tx, limits.maxClients, limits.maxCommands);
    const commands = interleaveRuns(runs);
    if (commands.length === 0) return 0;

    const { settled, carts, now } = await executeCommands(tx, handlers, commands);
    const cartRows = carts.rows(settled.length, now);
    const last = settled.length + cartRows.length - 1;
    await writeEffects(tx, {
      count: settled.length + cartRows.length,
      settled: settled.map((s, n) => ({ id: s.command.id, ...outcomeColumns(s, now), n })),
      carts: cartRows,
      lastSeqs: lastSeqsOf(settled),
      notify: {
        owners: commands.map((c) => c.owner),
        offsets: { outcomes: settled.length - 1, ...(cartRows.length > 0 ? { carts: last } : {}) },
      },
    });
    return settled.length;
  });
