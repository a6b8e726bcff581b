import { PENDING_BEHIND_GAP_MAX, type CommandDocument, type TypedCommand } from '../../schema/index.ts';
import { interleaveRuns, type ClaimedRun } from '../executor/claim.ts';
import { lastSeqsOf, outcomeColumns, settledDocument, type InlineExecutor } from '../executor/execute.ts';
import { ownerLockKeySql } from '../executor/owner-locks.ts';
import { lastOffsetsOf, numberWrites, writeEffects, writtenDocument } from '../executor/write-effects.ts';
import type { Principal } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Sql } from '../store/database.ts';
import { WORK_CHANNEL } from '../store/server-seq.ts';
import type { LocalChange } from './local-change.ts';
import type { PushResult } from './push-result.ts';
import { COMMAND_COLUMNS, commandFromRow } from './read-sources.ts';

const NOTHING_WRITTEN = { first: 0, outcomesAfter: new Map<string, number>() };

/** One push, its rows validated (push-commands.ts): whose it is and its commands. */
export interface ValidatedPush {
  principal: Principal;
  commands: TypedCommand[];
}

/**
 * Takes a group of pushes into the log in one transaction (push-queue.ts groups them; a group of one is a lone
 * push), each all or nothing: any refusal of one push throws, and the queue then runs each push of the group alone.
 * The pushes of a group have different owners and different clients (the queue sees to it; an owner found twice
 * here, through a login's merge, throws).
 * - A command already stored (a repeated push, at-least-once delivery): not changed; its stored state is returned
 *   as a conflict. That is also the answer to any client edit of a server-owned field.
 * - Another owner's command id, or a seq already used by another command: 409 naming it.
 * - New commands that are next in line for their client (seq = last executed + 1, and so on without a gap) run
 *   here, in the push's transaction, when this process has an executor: their outcomes, the read models and the
 *   client's last seq commit with them, exactly once because the client's row is locked as the executor's claim
 *   locks it. A group costs the statements of one push: each step below is one statement for all its pushes, and
 *   the features open once for all their commands (as an executor batch does). The streams of this process are
 *   handed the result (PushResult.changes) instead of reading it back.
 * - Every other new command is stored pending and the executors are woken.
 */
export const pushGroup = async (
  tx: Sql,
  pushes: readonly ValidatedPush[],
  inline?: InlineExecutor,
): Promise<PushResult[]> => {
  const clients = await lockClients(
    tx,
    pushes.flatMap(({ principal, commands }) => commands.map((c) => ({ id: c.clientId, principal: principal.owner }))),
  );
  const owners: string[] = [];
  for (const { principal, commands } of pushes) owners.push(await actingOwner(tx, principal, commands, clients));
  if (new Set(owners).size !== owners.length) throw new Error('two pushes of one owner in a group');
  const lastSeq = new Map([...clients].map(([id, client]) => [id, client.lastSeq]));

  // A guest's commands pushed after its login run for the user (see accounts/guest-merge.ts).
  const ownCommands = pushes.map(({ commands }, i) => commands.map((c) => ({ ...c, owner: owners[i]! })));
  const found = await storedCommands(tx, owners, ownCommands.flat(), [...lastSeq.keys()]);

  const parts = ownCommands.map((commands, i) => {
    const owner = owners[i]!;
    const clientIds = new Set(commands.map((c) => c.clientId));
    const stored = commands.flatMap((c) => found.byId.get(c.id) ?? []);
    for (const doc of stored) {
      if (doc.owner !== owner) throw new HttpProblem(409, `command id ${doc.id} is already taken`, 'id');
    }
    const waiting = found.waiting.filter((w) => clientIds.has(w.clientId));
    const fresh = uniqueById(commands.filter((c) => !found.byId.has(c.id)));
    for (const c of fresh) {
      // Seqs up to last_seq ran; above it, only pending commands hold one.
      if (c.seq <= lastSeq.get(c.clientId)! || waiting.some((w) => w.clientId === c.clientId && w.seq === c.seq)) {
        throw new HttpProblem(409, `seq ${c.seq} of client ${c.clientId} is used by another command`, 'seq');
      }
    }
    refuseTooManyBehindGap(fresh, waiting, lastSeq);
    return { owner, conflicts: [...new Map(stored.map((d) => [d.id, d])).values()], waiting, fresh };
  });

  const runnable = inline ? interleaveRuns(parts.flatMap((p) => nextInLine(p.fresh, lastSeq))) : [];
  const execution = runnable.length > 0 ? await inline!.executeInline(tx, runnable) : undefined;
  const executed = execution?.settled ?? [];
  const ran = new Set(executed.map((s) => s.command.id));
  const pending = parts.flatMap((p) => p.fresh.filter((c) => !ran.has(c.id)));
  const now = execution?.now ?? Date.now();

  // Outcomes in execution order, then pending commands, then the read models the outcomes changed.
  const documents = numberWrites(execution?.writes ?? [], executed.length + pending.length);
  const settledOwners = [...new Set(executed.map((s) => s.command.owner))];
  // Only repeats: nothing to write, and the counter row (held until COMMIT once written) is left alone.
  const nothingNew = executed.length + pending.length === 0;
  const { first, outcomesAfter } = nothingNew
    ? NOTHING_WRITTEN
    : await writeEffects(tx, {
        count: executed.length + pending.length + documents.length,
        inserted: [
          ...executed.map((s, n) => ({ ...columnsOf(s.command), ...outcomeColumns(s, now), n })),
          ...pending.map((c, i) => ({ ...columnsOf(c), status: 'pending', n: executed.length + i })),
        ],
        documents,
        lastSeqs: lastSeqsOf(executed),
        // What the streams are told (with the write, in its statement): each collection's last row.
        ...(executed.length > 0
          ? {
              outcomesOf: settledOwners,
              notify: {
                owners: settledOwners,
                offsets: { outcomes: executed.length - 1, ...lastOffsetsOf(documents) },
              },
            }
          : {}),
      });

  const results = parts.map(({ owner, conflicts, waiting, fresh }): PushResult & { owner: string } => {
    const outcomes = executed.flatMap((s, n) =>
      s.command.owner === owner ? [settledDocument(s, first + n, now)] : [],
    );
    const changes: LocalChange[] =
      outcomes.length > 0
        ? [{ owner, collection: 'outcomes', after: outcomesAfter.get(owner) ?? 0, documents: outcomes }]
        : [];
    const ranHere = fresh.filter((c) => ran.has(c.id)).length;
    // The run that just ran may have put a waiting command next in line.
    const leftPending = ranHere < fresh.length || (ranHere > 0 && waiting.length > 0);
    return { owner, response: { conflicts }, changes, leftPending };
  });
  // A read model here is one row per owner: the version written is every row of the owner there is. A document
  // of an owner who pushed nothing in the group goes with the first push's changes (they all reach the streams).
  for (const write of documents) {
    const result = results.find((r) => r.owner === write.owner) ?? results[0]!;
    result.changes.push({
      owner: write.owner,
      collection: write.model.collection,
      after: 0,
      documents: [writtenDocument(write, first)],
    });
  }
  // Pending commands are not replicated back (clients hold their own); only the executors need to know.
  const waitingOwners = results.filter((r) => r.leftPending).map((r) => r.owner);
  if (waitingOwners.length > 0) {
    await tx.query('SELECT pg_notify($1, o) FROM unnest($2::text[]) AS o', [WORK_CHANNEL, waitingOwners]);
  }
  return results.map(({ owner: _owner, ...result }) => result);
};

/**
 * Registers unknown client ids to the principal that pushed them (a forgotten one at its last executed seq) and
 * locks every pushed client's row until COMMIT, in id order, as the executor's claim does: an executor (here or on
 * another instance) never runs these clients' commands meanwhile, and the last executed seqs read here stay true.
 * Returns each client's principal and last executed seq.
 */
const lockClients = async (
  tx: Sql,
  pushed: readonly { id: string; principal: string }[],
): Promise<Map<string, { principal: string; lastSeq: number }>> => {
  const principals = new Map(pushed.map(({ id, principal }) => [id, principal]));
  const lock = (ids: string[]) =>
    tx.query<{ client_id: string; principal: string; last_seq: number }>(
      'SELECT client_id, principal, last_seq FROM sync_clients WHERE client_id = ANY($1) ORDER BY client_id FOR UPDATE',
      [ids.sort()],
    );
  const rows = await lock([...principals.keys()]);
  const missing = [...principals.keys()].filter((id) => !rows.some((row) => row.client_id === id));
  if (missing.length > 0) {
    // A client the store forgot (sync/device-retention.ts: not seen for a month, nothing pending) comes back where
    // it was: its settled commands are still in the log, and the highest of their seqs is the last it ran. A new
    // client has none and starts at 0.
    await tx.query(
      `INSERT INTO sync_clients (client_id, principal, last_seq)
       SELECT p.id, p.principal,
              coalesce((SELECT max(c.seq) FROM commands c WHERE c.client_id = p.id AND c.status <> 'pending'), 0)
       FROM unnest($1::text[], $2::text[]) AS p(id, principal)
       ON CONFLICT (client_id) DO NOTHING`,
      [missing, missing.map((id) => principals.get(id)!)],
    );
    rows.push(...(await lock(missing)));
  }
  return new Map(rows.map((row) => [row.client_id, { principal: row.principal, lastSeq: row.last_seq }]));
};

/**
 * Whose the pushed commands are once stored: the principal's own, except around a login (guest-merge.ts):
 * - a user pushing what its device made as a guest: those commands become the user's, if that guest was
 *   merged into this user; any other guest's are refused;
 * - a guest token used after its login: its clients now belong to the user, and so do its commands.
 * The common push (own commands, own clients) asks the store nothing more.
 */
const actingOwner = async (
  tx: Sql,
  principal: Principal,
  commands: readonly TypedCommand[],
  allClients: ReadonlyMap<string, { principal: string }>,
): Promise<string> => {
  const guests = [...new Set(commands.map((c) => c.owner).filter((o) => o !== principal.owner))];
  const clients = [...new Set(commands.map((c) => c.clientId))].map((id) => [id, allClients.get(id)!] as const);
  const foreign = clients.filter(([, client]) => client.principal !== principal.owner);
  if (guests.length === 0 && foreign.length === 0) return principal.owner;

  const merges = await tx.query<{ guest_owner: string; user_owner: string }>(
    'SELECT guest_owner, user_owner FROM guest_merges WHERE guest_owner = ANY($1)',
    [principal.kind === 'user' ? guests : [principal.owner]],
  );
  const owner = principal.kind === 'user' ? principal.owner : (merges[0]?.user_owner ?? principal.owner);
  const notMerged = guests.find((g) => !merges.some((m) => m.guest_owner === g && m.user_owner === owner));
  if (notMerged) throw new HttpProblem(403, 'owner: the command belongs to another owner', 'owner');
  const [clientId] = foreign.find(([, client]) => client.principal !== owner) ?? [];
  if (clientId) throw new HttpProblem(403, `clientId ${clientId} belongs to another owner`, 'clientId');
  return owner;
};

/**
 * The pushed ids the server already holds, and every command of the pushing clients still pending; on its way,
 * the statement takes the owners' locks (executor/owner-locks.ts, in key order) for the commands the pushes may
 * run, after the clients' rows as everywhere: a statement the push runs anyway, so the locks cost no round trip.
 */
const storedCommands = async (tx: Sql, owners: readonly string[], commands: TypedCommand[], clientIds: string[]) => {
  const ids = commands.map((c) => c.id);
  // The locks are the outer side of a lateral join the inner side depends on, so they are all taken first, once,
  // even when no command matches; the keys are sorted in a subquery (OFFSET 0 keeps it one) and locked in order.
  const rows = await tx.query<Parameters<typeof commandFromRow>[0]>(
    `SELECT found.* FROM (
       SELECT count(pg_advisory_xact_lock(k)) AS locked
       FROM (SELECT DISTINCT ${ownerLockKeySql('o')} AS k FROM unnest($3::text[]) AS o ORDER BY k OFFSET 0) AS keys
     ) AS owner_locks
     CROSS JOIN LATERAL (
       SELECT ${COMMAND_COLUMNS} FROM commands WHERE id = ANY($1::uuid[]) AND owner_locks.locked IS NOT NULL
       UNION ALL
       SELECT ${COMMAND_COLUMNS} FROM commands
       WHERE client_id = ANY($2::text[]) AND status = 'pending' AND owner_locks.locked IS NOT NULL
     ) AS found`,
    [ids, clientIds, [...owners]],
  );
  const docs = new Map(rows.map((row) => [row.id, commandFromRow(row)]));
  const pushed = new Set(ids);
  const clients = new Set(clientIds);
  return {
    byId: new Map([...docs].filter(([id]) => pushed.has(id))),
    waiting: [...docs.values()].filter((d) => d.status === 'pending' && clients.has(d.clientId)),
  };
};

/**
 * Bounds what one client keeps waiting behind a gap in its seqs (PENDING_BEHIND_GAP_MAX): a push that adds a
 * command behind a gap and leaves more than that waiting there is a 409 naming `seq`. Commands that continue the
 * client's executed seqs without a gap (run here, or by an executor soon) never count, so a push filling the gap,
 * or a queue pushed in order, is always taken.
 */
const refuseTooManyBehindGap = (
  fresh: readonly TypedCommand[],
  waiting: readonly CommandDocument[],
  lastSeq: ReadonlyMap<string, number>,
): void => {
  for (const clientId of new Set(fresh.map((c) => c.clientId))) {
    const seqs = new Set([...waiting, ...fresh].filter((c) => c.clientId === clientId).map((c) => c.seq));
    let missing = lastSeq.get(clientId)! + 1;
    while (seqs.has(missing)) missing += 1;
    const added = fresh.filter((c) => c.clientId === clientId && c.seq > missing);
    if (added.length === 0) continue;
    const behind = [...seqs].filter((seq) => seq > missing).length;
    if (behind > PENDING_BEHIND_GAP_MAX) {
      throw new HttpProblem(
        409,
        `seq ${Math.min(...added.map((c) => c.seq))}: client ${clientId} would have ${behind} commands waiting ` +
          `behind the missing seq ${missing}, more than ${PENDING_BEHIND_GAP_MAX}; push seq ${missing} first`,
        'seq',
      );
    }
  }
};

/** Per client, the fresh commands that continue its executed seqs without a gap. */
const nextInLine = (fresh: TypedCommand[], lastSeq: ReadonlyMap<string, number>): ClaimedRun[] => {
  const runs = new Map<string, TypedCommand[]>();
  for (const c of [...fresh].sort((a, b) => a.seq - b.seq)) {
    const run = runs.get(c.clientId) ?? [];
    runs.set(c.clientId, run);
    if (c.seq === lastSeq.get(c.clientId)! + run.length + 1) run.push(c);
  }
  return [...runs].map(([clientId, commands]) => ({ clientId, commands }));
};

const uniqueById = (commands: TypedCommand[]): TypedCommand[] => [...new Map(commands.map((c) => [c.id, c])).values()];

/**
 * A new command's columns. Inserted without ON CONFLICT: the client rows are locked, so only a command id
 * reused by another client can collide, and that must fail the push.
 */
const columnsOf = (c: TypedCommand) => ({
  id: c.id,
  owner: c.owner,
  client_id: c.clientId,
  seq: c.seq,
  type: c.type,
  payload: c.payload,
  created_at: c.createdAt,
  // A command refused at the push waits for its turn with its refusal (isRefusedAtPush).
  ...(c.error ? { error: c.error } : {}),
});
