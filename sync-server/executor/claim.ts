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
export const claimRuns = async (
  tx: Sql,
  maxClients: number,
  maxCommands: number,
  /** Only these clients (a failing batch being split: see isolate.ts); null: any. */
  onlyClients: readonly string[] | null = null,
): Promise<ClaimedRun[]> => {
  const rows = await tx.query<ClaimRow>(
    `WITH claimed AS MATERIALIZED (
       SELECT cl.client_id, cl.last_seq FROM commands c
       JOIN sync_clients cl ON cl.client_id = c.client_id AND c.seq = cl.last_seq + 1
       WHERE c.status = 'pending' AND ($3::text[] IS NULL OR c.client_id = ANY($3::text[]))
       LIMIT $1 FOR UPDATE OF cl SKIP LOCKED
     )
     SELECT claimed.last_seq AS claimed_last_seq, queued.* FROM claimed
     CROSS JOIN LATERAL (
       SELECT ${COMMAND_COLUMNS} FROM commands
       WHERE client_id = claimed.client_id AND status = 'pending' AND seq > claimed.last_seq ORDER BY seq
       LIMIT greatest(1, ceil($2::numeric / (SELECT count(*) FROM claimed)))
     ) AS queued
     ORDER BY queued.client_id, queued.seq`,
    [maxClients, maxCommands, onlyClients ? [...onlyClients] : null],
  );
  const runs = new Map<string, TypedCommand[]>();
  for (const row of rows) {
    const run = runs.get(row.client_id) ?? [];
    runs.set(row.client_id, run);
    if (row.seq !== row.claimed_last_seq + run.length + 1) continue;
    run.push(typedCommand(row));
  }
  return [...runs]
    .filter(([, commands]) => commands.length > 0)
    .map(([clientId, commands]) => ({ clientId, commands }));
};

const typedCommand = (row: Parameters<typeof commandFromRow>[0]): TypedCommand => {
  const doc = commandFromRow(row);
  // Refused at the push: settled with its refusal, never run (execute.ts), so its payload is not its type's.
  if (isRefusedAtPush(doc)) return doc as TypedCommand;
  // Stored commands were validated at push; a parse failure here means the schema moved under them. The batch
  // fails, and the executor splits it until this command is alone and sets it aside (isolate.ts).
  const parsed = parseCommand(doc);
  if (!parsed.ok) throw new StoredCommandUnreadable(row.id, row.client_id, parsed.message);
  return parsed.command;
};

/** A stored command that no longer parses: named, so the executor can set it aside. */
export class StoredCommandUnreadable extends Error {
  override name = 'StoredCommandUnreadable';
  constructor(
    readonly commandId: string,
    readonly clientId: string,
    reason: string,
  ) {
    super(`stored command no longer parses: ${reason}`);
  }
}

/**
 * Claims commands an operator sent back to run again (a retried dead letter: status pending again, its seq at or
 * below its client's last executed one, see ops/retry), locking their clients' rows as claimRuns does. They run in
 * the same batch as the clients' next commands, by seq; the client's last seq does not move back (writeEffects).
 */
export const claimRetries = async (
  tx: Sql,
  maxCommands: number,
  onlyClients: readonly string[] | null = null,
): Promise<ClaimedRun[]> => {
  const rows = await tx.query<Parameters<typeof commandFromRow>[0]>(
    `WITH claimed AS MATERIALIZED (
       SELECT DISTINCT cl.client_id FROM commands c
       JOIN sync_clients cl ON cl.client_id = c.client_id AND c.seq <= cl.last_seq
       WHERE c.status = 'pending' AND ($2::text[] IS NULL OR c.client_id = ANY($2::text[]))
       LIMIT $1
     ),
     locked AS MATERIALIZED (
       SELECT cl.client_id, cl.last_seq FROM sync_clients cl JOIN claimed USING (client_id)
       FOR UPDATE OF cl SKIP LOCKED
     )
     SELECT ${COMMAND_COLUMNS} FROM commands c JOIN locked USING (client_id)
     WHERE c.status = 'pending' AND c.seq <= locked.last_seq
     ORDER BY c.client_id, c.seq LIMIT $1`,
    [maxCommands, onlyClients ? [...onlyClients] : null],
  );
  const runs = new Map<string, TypedCommand[]>();
  for (const row of rows) {
    const run = runs.get(row.client_id) ?? [];
    runs.set(row.client_id, run);
    run.push(typedCommand(row));
  }
  return [...runs].map(([clientId, commands]) => ({ clientId, commands }));
};

/** Runs of the same clients put together (a client may have a retried command and its next ones), by seq. */
export const mergeRuns = (...groups: readonly (readonly ClaimedRun[])[]): ClaimedRun[] => {
  const byClient = new Map<string, TypedCommand[]>();
  for (const run of groups.flat()) byClient.set(run.clientId, [...(byClient.get(run.clientId) ?? []), ...run.commands]);
  return [...byClient].map(([clientId, commands]) => ({ clientId, commands: commands.sort((a, b) => a.seq - b.seq) }));
};

/**
 * The order commands run in: each client's run in seq order, runs of different clients of one owner
 * interleaved by creation time; the same order the client's optimistic view folds them in.
 */
export const interleaveRuns = (runs: readonly ClaimedRun[]): TypedCommand[] =>
  inExecutionOrder(runs.flatMap((run) => run.commands));
