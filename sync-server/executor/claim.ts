import { inExecutionOrder, parseCommand, type TypedCommand } from '../../schema/index.ts';
import type { Sql } from '../store/database.ts';
import { COMMAND_COLUMNS, commandFromRow } from '../sync/read-sources.ts';

export interface ClaimedRun {
  clientId: string;
  /** Consecutive commands starting at the client's last executed seq + 1. */
  commands: TypedCommand[];
}

/**
 * Claims work for one batch: clients whose next command (seq = last_seq + 1) is waiting, locked with
 * SKIP LOCKED so executors sharing one database take disjoint clients; then, per client, the longest
 * gapless run of pending commands. A gap waits: nothing after it runs until the missing seq arrives.
 */
export const claimRuns = async (tx: Sql, maxClients: number, maxCommands: number): Promise<ClaimedRun[]> => {
  const clients = await tx.query<{ client_id: string; last_seq: number }>(
    `SELECT cl.client_id, cl.last_seq FROM commands c
     JOIN sync_clients cl ON cl.client_id = c.client_id AND c.seq = cl.last_seq + 1
     WHERE c.status = 'pending'
     LIMIT $1 FOR UPDATE OF cl SKIP LOCKED`,
    [maxClients],
  );
  if (clients.length === 0) return [];
  const lastSeq = new Map(clients.map((c) => [c.client_id, c.last_seq]));
  // Every claimed client gets its share of the batch, so no lock is held for a client left without work.
  const perClient = Math.max(1, Math.ceil(maxCommands / clients.length));
  const rows = await tx.query<Parameters<typeof commandFromRow>[0]>(
    `SELECT ${COMMAND_COLUMNS} FROM (
       SELECT *, row_number() OVER (PARTITION BY client_id ORDER BY seq) AS nth FROM commands
       WHERE client_id = ANY($1) AND status = 'pending'
     ) AS queued WHERE nth <= $2 ORDER BY client_id, seq`,
    [[...lastSeq.keys()], perClient],
  );
  const runs = new Map<string, TypedCommand[]>();
  for (const row of rows) {
    const run = runs.get(row.client_id) ?? [];
    const expected = (lastSeq.get(row.client_id) ?? 0) + run.length + 1;
    if (row.seq !== expected) continue;
    // Stored commands were validated at push; a parse failure here means the schema moved under them.
    const parsed = parseCommand(commandFromRow(row));
    if (!parsed.ok) throw new Error(`stored command ${row.id} no longer parses: ${parsed.message}`);
    run.push(parsed.command);
    runs.set(row.client_id, run);
  }
  return [...runs].map(([clientId, commands]) => ({ clientId, commands }));
};

/**
 * The order commands run in: each client's run in seq order, runs of different clients of one owner
 * interleaved by creation time; the same order the client's optimistic view folds them in.
 */
export const interleaveRuns = (runs: readonly ClaimedRun[]): TypedCommand[] =>
  inExecutionOrder(runs.flatMap((run) => run.commands));
