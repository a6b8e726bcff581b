import { isRefusedAtPush, type CommandDocument, type TypedCommand } from '../../schema/index.ts';
import { BatchDocumentStore } from '../features/batch-documents.ts';
import type { FeatureBatch, Outcome, ReadModelWrite, ServerFeature } from '../features/feature.ts';
import type { Sql } from '../store/database.ts';
import { log } from '../observability/logger.ts';
import { failureCause, type FailureCause } from './failure-cause.ts';
import { lockOwners } from './owner-locks.ts';

export interface Settled {
  command: TypedCommand;
  outcome: Outcome | FailedOutcome;
}

/** A command that broke (a bug or an unexpected state): the device hears `code`/`message`; `cause` is the console's. */
export interface FailedOutcome {
  status: 'failed';
  code: string;
  message: string;
  cause?: FailureCause;
}

/** What the device is told of a command that failed: no more than that the store could not process it. */
export const FAILED_FOR_DEVICE = { code: 'internal_error', message: 'The command could not be processed.' } as const;

/** Runs commands inside the caller's transaction (a push's, see push-commands.ts) with the executor's features. */
export interface InlineExecutor {
  executeInline(tx: Sql, commands: readonly TypedCommand[]): Promise<Execution>;
}

export interface Execution {
  /** In execution order. */
  settled: Settled[];
  /** The read model documents the commands changed, to write with the outcomes. */
  writes: ReadModelWrite[];
  now: number;
}

/** Which feature executes a command type. */
export type FeatureLookup = (type: TypedCommand['type']) => ServerFeature | undefined;

export interface ExecuteOptions {
  now?: number;
  /** The caller has taken the owners' locks already (a push does, in a statement it runs anyway). */
  ownersLocked?: boolean;
}

/**
 * Runs commands, already in execution order. Every transaction that settles an owner's commands holds that
 * owner's lock (owner-locks.ts) first, so two never interleave whatever features they touch: the live stream
 * relies on it (see LocalChange). Then each feature with commands in the batch opens its part (locking and
 * loading its read models into the batch's one set of documents), in the order of its first command in the batch,
 * and every command runs in execution order against those documents, so each sees what every command before it did,
 * whatever its feature. The features persist in that same order, so a feature's persist must write what the whole
 * batch left (another feature's commands may have changed its rows after its own did: orders/order-batch.ts).
 * Nothing is written yet; the caller writes outcomes, read models and each client's last seq (writeEffects).
 */
export const executeCommands = async (
  tx: Sql,
  featureOf: FeatureLookup,
  commands: readonly TypedCommand[],
  { now = Date.now(), ownersLocked = false }: ExecuteOptions = {},
): Promise<Execution> => {
  if (!ownersLocked)
    await lockOwners(
      tx,
      commands.map((c) => c.owner),
    );
  // Each command's feature, looked up once: a command refused at the push has none (it never runs).
  const routed = commands.map((command) => ({
    command,
    feature: isRefusedAtPush(command) ? undefined : featureOf(command.type),
  }));
  const byFeature = new Map<ServerFeature, TypedCommand[]>();
  for (const { command, feature } of routed) {
    if (!feature) continue;
    const own = byFeature.get(feature);
    if (own) own.push(command);
    else byFeature.set(feature, [command]);
  }
  const documents = new BatchDocumentStore(tx, now);
  const batches = new Map<ServerFeature, FeatureBatch>();
  for (const [feature, own] of byFeature) batches.set(feature, await feature.open!(tx, own, now, documents));
  const settled = routed.map(({ command, feature }): Settled => {
    if (isRefusedAtPush(command)) return { command, outcome: refusalAtPush(command) };
    return { command, outcome: runOne(feature && batches.get(feature), command, documents) };
  });
  for (const batch of batches.values()) await batch.persist?.(tx);
  return { settled, writes: documents.writes(), now };
};

/** The outcome of a command the push took refused: the refusal it was stored with. */
const refusalAtPush = ({ error }: TypedCommand): Outcome => ({
  status: 'rejected',
  code: error!.code,
  message: error!.message,
  ...(error!.field ? { field: error!.field } : {}),
});

const runOne = (
  batch: FeatureBatch | undefined,
  command: TypedCommand,
  documents: BatchDocumentStore,
): Settled['outcome'] => {
  documents.begin();
  try {
    if (!batch) throw new Error(`no feature executes ${command.type}`);
    return batch.handle(command);
  } catch (error) {
    // A bug or an unexpected state: the command fails on its own, leaving the documents as they were before it,
    // and the batch goes on.
    documents.undo();
    const cause = failureCause(error);
    log.error({ commandId: command.id, owner: command.owner, type: command.type, cause }, 'command failed');
    return { status: 'failed', ...FAILED_FOR_DEVICE, cause };
  }
};

/** The server-owned columns of a settled command, as stored (server_seq aside). */
export const outcomeColumns = ({ outcome }: Settled, now: number) => ({
  status: outcome.status,
  result: outcome.status === 'succeeded' ? outcome.result : null,
  result_code: outcome.status === 'succeeded' ? 'ok' : outcome.code,
  error:
    outcome.status === 'succeeded'
      ? null
      : {
          code: outcome.code,
          message: outcome.message,
          ...('field' in outcome && outcome.field ? { field: outcome.field } : {}),
        },
  processed_at: now,
  // Why it failed, for the console (never replicated): see failure-cause.ts.
  failure: outcome.status === 'failed' && outcome.cause ? { ...outcome.cause, at: now } : null,
});

/** A settled command as a pull of `outcomes` returns it (see commandFromRow): for this process's streams. */
export const settledDocument = (settled: Settled, serverSeq: number, now: number): CommandDocument => {
  const { command } = settled;
  const columns = outcomeColumns(settled, now);
  return {
    id: command.id,
    type: command.type,
    payload: command.payload,
    owner: command.owner,
    clientId: command.clientId,
    seq: command.seq,
    createdAt: command.createdAt,
    status: columns.status,
    ...(columns.result ? { result: columns.result } : {}),
    resultCode: columns.result_code,
    ...(columns.error ? { error: columns.error } : {}),
    processedAt: now,
    serverSeq,
  };
};

/** The highest seq executed per client, from settled commands. */
export const lastSeqsOf = (settled: readonly Settled[]): Map<string, number> => {
  const last = new Map<string, number>();
  for (const { command } of settled) last.set(command.clientId, Math.max(last.get(command.clientId) ?? 0, command.seq));
  return last;
};
