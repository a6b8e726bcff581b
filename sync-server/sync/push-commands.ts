import {
  PENDING_BEHIND_GAP_MAX,
  newCommandDocumentSchema,
  parseCommand,
  pushRequestSchema,
  type CommandDocument,
  type PushResponse,
  type TypedCommand,
} from '../../schema/index.ts';
import { interleaveRuns, type ClaimedRun } from '../executor/claim.ts';
import { lastSeqsOf, outcomeColumns, settledDocument, type InlineExecutor } from '../executor/execute.ts';
import { ownerLockKeySql } from '../executor/owner-locks.ts';
import { lastOffsetsOf, numberWrites, writeEffects, writtenDocument } from '../executor/write-effects.ts';
import type { Principal } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database, Sql } from '../store/database.ts';
import { WORK_CHANNEL } from '../store/server-seq.ts';
import type { LocalChange } from './local-change.ts';

/** Guest owners are made by POST /api/cart/create. */
const GUEST_PREFIX = 'guest-';
import { COMMAND_COLUMNS, commandFromRow } from './read-sources.ts';

export interface PushResult {
  response: PushResponse<CommandDocument>;
  /** What the push's transaction wrote to replicated collections: for this process's live streams. */
  changes: LocalChange[];
  /** Commands are waiting for the executor (a gap, or no inline executor here). */
  leftPending: boolean;
}

/**
 * Takes a client's pushed commands into the log, all or nothing.
 * - Malformed documents, unknown types, another owner's documents, a client id bound to someone else:
 *   4xx naming the row and field; nothing is stored.
 * - A command already stored (a repeated push, at-least-once delivery): not changed; its stored state
 *   is returned as a conflict. That is also the answer to any client edit of a server-owned field.
 * - New commands that are next in line for their client (seq = last executed + 1, and so on without a
 *   gap) run here, in the push's transaction, when this process has an executor: their outcomes, the
 *   read models and the client's last seq commit with them, exactly once because the client's row is
 *   locked as the executor's claim locks it. On the common path a command is then one transaction of
 *   six statements, where the push and the executor's batch were two of seventeen, and the streams of
 *   this process are handed the result (PushResult.changes) instead of reading it back.
 * - Every other new command is stored pending and the executors are woken.
 */
export const pushCommands = async (
  db: Database,
  principal: Principal,
  body: unknown,
  inline?: InlineExecutor,
): Promise<PushResult> => {
  const request = pushRequestSchema.safeParse(body);
  if (!request.success) throw HttpProblem.invalid(request.error, 'body');
  const pushed = request.data.rows.map((row, index) => validateRow(row.newDocumentState, index, principal));
  if (pushed.length === 0) return { response: { conflicts: [] }, changes: [], leftPending: false };

  return db.transaction(async (tx) => {
    const clients = await lockClients(tx, [...new Set(pushed.map((c) => c.clientId))], principal.owner);
    const owner = await actingOwner(tx, principal, pushed, clients);
    const lastSeq = new Map([...clients].map(([id, client]) => [id, client.lastSeq]));
    // A guest's commands pushed after its login run for the user (see accounts/guest-merge.ts).
    const commands = pushed.map((c) => (c.owner === owner ? c : { ...c, owner }));
    const { stored, waiting } = await storedCommands(tx, owner, commands, [...lastSeq.keys()]);
    for (const doc of stored.values()) {
      if (doc.owner !== owner) throw new HttpProblem(409, `command id ${doc.id} is already taken`, 'id');
    }
    const fresh = uniqueById(commands.filter((c) => !stored.has(c.id)));
    for (const c of fresh) {
      // Seqs up to last_seq ran; above it, only pending commands hold one.
      if (c.seq <= lastSeq.get(c.clientId)! || waiting.some((w) => w.clientId === c.clientId && w.seq === c.seq)) {
        throw new HttpProblem(409, `seq ${c.seq} of client ${c.clientId} is used by another command`, 'seq');
      }
    }
    const conflicts = [...stored.values()];
    if (fresh.length === 0) return { response: { conflicts }, changes: [], leftPending: false };
    refuseTooManyBehindGap(fresh, waiting, lastSeq);

    const runnable = inline ? interleaveRuns(nextInLine(fresh, lastSeq)) : [];
    const execution = runnable.length > 0 ? await inline!.executeInline(tx, runnable) : undefined;

    const executed = execution?.settled ?? [];
    const ran = new Set(executed.map((s) => s.command.id));
    const pending = fresh.filter((c) => !ran.has(c.id));
    const now = execution?.now ?? Date.now();
    // Outcomes in execution order, then pending commands, then the read models the outcomes changed.
    const documents = numberWrites(execution?.writes ?? [], fresh.length);
    const { first, outcomesAfter } = await writeEffects(tx, {
      count: fresh.length + documents.length,
      inserted: [
        ...executed.map((s, n) => ({ ...columnsOf(s.command), ...outcomeColumns(s, now), n })),
        ...pending.map((c, i) => ({ ...columnsOf(c), status: 'pending', n: executed.length + i })),
      ],
      documents,
      lastSeqs: lastSeqsOf(executed),
      // What the streams are told (with the write, in its statement): each collection's last row.
      ...(executed.length > 0
        ? {
            outcomesOf: owner,
            notify: { owners: [owner], offsets: { outcomes: executed.length - 1, ...lastOffsetsOf(documents) } },
          }
        : {}),
    });
    const outcomes = executed.map((s, n) => settledDocument(s, first + n, now));

    const changes: LocalChange[] = [];
    if (outcomes.length > 0) {
      changes.push({ owner, collection: 'outcomes', after: outcomesAfter, documents: outcomes });
      // A read model here is one row per owner: the version written is every row of the owner there is.
      for (const write of documents) {
        changes.push({
          owner: write.owner,
          collection: write.model.collection,
          after: 0,
          documents: [writtenDocument(write, first)],
        });
      }
    }
    // The run that just ran may have put a waiting command next in line.
    const leftPending = pending.length > 0 || (executed.length > 0 && waiting.length > 0);
    // Pending commands are not replicated back (clients hold their own); only the executors need to know.
    if (leftPending) await tx.query('SELECT pg_notify($1, $2)', [WORK_CHANNEL, owner]);
    return { response: { conflicts }, changes, leftPending };
  });
};

const validateRow = (doc: Record<string, unknown>, index: number, principal: Principal): TypedCommand => {
  const at = `rows.${index}.newDocumentState`;
  const parsed = parseCommand(doc);
  // A sound envelope whose payload the store cannot keep: taken, to be settled refused (see isRefusedAtPush),
  // so the client's later commands run. A 4xx would have the client push it again, for ever.
  if (!parsed.ok && !parsed.refused) {
    throw new HttpProblem(400, `${at}.${parsed.message}`, `${at}.${parsed.field}`);
  }
  const command = parsed.ok ? parsed.command : parsed.refused!;
  // A user may push the commands its device made as a guest before logging in; actingOwner checks the merge.
  const ownGuest = principal.kind === 'user' && command.owner.startsWith(GUEST_PREFIX);
  if (command.owner !== principal.owner && !ownGuest) {
    throw new HttpProblem(403, `${at}.owner: the command belongs to another owner`, `${at}.owner`);
  }
  const asNew = newCommandDocumentSchema.safeParse(doc);
  if (!asNew.success) {
    // The client set a server-owned field on a command the server has never seen.
    const field = asNew.error.issues[0]?.path.join('.') ?? 'status';
    throw new HttpProblem(400, `${at}.${field}: server-owned field set by the client`, `${at}.${field}`);
  }
  return command;
};

/**
 * Registers unknown client ids to the principal and locks every pushed client's row until COMMIT, as
 * the executor's claim does: an executor (here or on another instance) never runs this client's
 * commands meanwhile, and the last executed seq read here stays true. Returns each client's principal
 * and last executed seq.
 */
const lockClients = async (
  tx: Sql,
  clientIds: string[],
  principal: string,
): Promise<Map<string, { principal: string; lastSeq: number }>> => {
  const lock = (ids: string[]) =>
    tx.query<{ client_id: string; principal: string; last_seq: number }>(
      'SELECT client_id, principal, last_seq FROM sync_clients WHERE client_id = ANY($1) ORDER BY client_id FOR UPDATE',
      [ids.sort()],
    );
  const rows = await lock(clientIds);
  const missing = clientIds.filter((id) => !rows.some((row) => row.client_id === id));
  if (missing.length > 0) {
    await tx.query(
      'INSERT INTO sync_clients (client_id, principal) SELECT unnest($1::text[]), $2 ON CONFLICT (client_id) DO NOTHING',
      [missing, principal],
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
  clients: ReadonlyMap<string, { principal: string }>,
): Promise<string> => {
  const guests = [...new Set(commands.map((c) => c.owner).filter((o) => o !== principal.owner))];
  const foreign = [...clients].filter(([, client]) => client.principal !== principal.owner);
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
 * the statement takes the owner's lock (executor/owner-locks.ts) for the commands the push may run, after the
 * clients' rows as everywhere: a statement the push runs anyway, so the lock costs no round trip.
 */
const storedCommands = async (tx: Sql, owner: string, commands: TypedCommand[], clientIds: string[]) => {
  const ids = commands.map((c) => c.id);
  // The lock is the outer side of a lateral join the inner side depends on, so it is taken first, once, even
  // when no command matches.
  const rows = await tx.query<Parameters<typeof commandFromRow>[0]>(
    `SELECT found.* FROM (SELECT pg_advisory_xact_lock(${ownerLockKeySql('$3')})::text AS locked) AS owner_lock
     CROSS JOIN LATERAL (
       SELECT ${COMMAND_COLUMNS} FROM commands WHERE id = ANY($1::uuid[]) AND owner_lock.locked IS NOT NULL
       UNION ALL
       SELECT ${COMMAND_COLUMNS} FROM commands
       WHERE client_id = ANY($2::text[]) AND status = 'pending' AND owner_lock.locked IS NOT NULL
     ) AS found`,
    [ids, clientIds, owner],
  );
  const docs = new Map(rows.map((row) => [row.id, commandFromRow(row)]));
  const pushed = new Set(ids);
  const clients = new Set(clientIds);
  return {
    stored: new Map([...docs].filter(([id]) => pushed.has(id))),
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
