import { inExecutionOrder, isRefusedAtPush, parseCommand, type TypedCommand } from '../../schema/index.ts';
import type { Sql } from '../store/database.ts';
import { COMMAND_COLUMNS, commandFromRow } from '../sync/read-sources.ts';

export interface ClaimedRun {
  clientId: string;
  /** Consecutive commands starting at the client's last executed seq + 1. */
  commands: TypedCommand[];
}

type ClaimRow = Parameters<typeof commandFromRow>[0] & { claimed_last_seq: number };

/**
 * Claims work for one batch, in one statement: clients whose next command (seq = last_seq + 1) is
 * waiting, locked with SKIP LOCKED so executors sharing one database take disjoint clients; then, per
 * client, its pending commands in seq order (an equal share of the batch each, so no lock is held for
 * a client left without work), of which the gapless run from last_seq + 1 is kept. A gap waits:
 * nothing after it runs until the missing seq arrives.
 */
export const claimRuns = async (tx: Sql, maxClients: number, maxCommands: number): Promise<ClaimedRun[]> => {
  const rows = await tx.query<ClaimRow>(
    `WITH claimed AS MATERIALIZED (
       SELECT cl.client_id, cl.last_seq FROM commands c
       JOIN sync_clients cl ON cl.client_id = c.client_id AND c.seq = cl.last_seq + 1
       WHERE c.status = 'pending'
       LIMIT $1 FOR UPDATE OF cl SKIP LOCKED
     )
     SELECT claimed.last_seq AS claimed_last_seq, queued.* FROM claimed
     CROSS JOIN LATERAL (
       SELECT ${COMMAND_COLUMNS} FROM commands
       WHERE client_id = claimed.client_id AND status = 'pending' ORDER BY seq
       LIMIT greatest(1, ceil($2::numeric / (SELECT count(*) FROM claimed)))
     ) AS queued
     ORDER BY queued.client_id, queued.seq`,
    [maxClients, maxCommands],
  );
  const runs = new Map<string, TypedCommand[]>();
  for (const row of rows) {
    const run = runs.get(row.client_id) ?? [];
    runs.set(row.client_id, run);
    if (row.seq !== row.claimed_last_seq + run.length + 1) continue;
    const doc = commandFromRow(row);
    // Refused at the push: settled with its refusal, never run (execute.ts), so its payload is not its type's.
    if (isRefusedAtPush(doc)) {
      run.push(doc as TypedCommand);
      continue;
    }
    // Stored commands were validated at push; a parse failure here means the schema moved under them.
    const parsed = parseCommand(doc);
    if (!parsed.ok) throw new Error(`stored command ${row.id} no longer parses: ${parsed.message}`);
    run.push(parsed.command);
  }
  return [...runs]
    .filter(([, commands]) => commands.length > 0)
    .map(([clientId, commands]) => ({ clientId, commands }));
};

/**
 * The order commands run in: each client's run in seq order, runs of different clients of one owner
 * interleaved by creation time; the same order the client's optimistic view folds them in.
 */
export const interleaveRuns = (runs: readonly ClaimedRun[]): TypedCommand[] =>
  inExecutionOrder(runs.flatMap((run) => run.commands));
