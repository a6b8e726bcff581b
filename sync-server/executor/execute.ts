import type { CommandDocument, TypedCommand } from '../../schema/index.ts';
import { CartSession } from '../cart/cart-session.ts';
import type { Sql } from '../store/database.ts';
import type { ExecutionContext, HandlerRegistry, Outcome } from './handler-registry.ts';

export interface Settled {
  command: TypedCommand;
  outcome: Outcome | { status: 'failed'; code: string; message: string };
}

/** Runs commands inside the caller's transaction (a push's, see push-commands.ts) with the executor's handlers. */
export interface InlineExecutor {
  executeInline(tx: Sql, commands: readonly TypedCommand[]): Promise<Execution>;
}

export interface Execution {
  /** In execution order. */
  settled: Settled[];
  carts: CartSession;
  now: number;
}

/**
 * Runs commands, already in execution order, against their owners' carts. The carts are row-locked
 * for the rest of the transaction: every transaction that settles an owner's commands holds that
 * owner's cart lock, so they never interleave (the live stream relies on it, see LocalChange).
 * Nothing is written yet; the caller writes outcomes, carts and each client's last seq (writeEffects).
 */
export const executeCommands = async (
  tx: Sql,
  handlers: HandlerRegistry,
  commands: readonly TypedCommand[],
  now = Date.now(),
): Promise<Execution> => {
  const payloadSkus = commands.flatMap((c) => ('sku' in c.payload ? [c.payload.sku] : []));
  // The carts locked, then their lines' products and the payloads' (see CartSession.load).
  const carts = await CartSession.load(
    tx,
    commands.map((c) => c.owner),
    { skus: payloadSkus, now },
  );
  const context: ExecutionContext = { carts, products: carts.products, now };
  return { settled: commands.map((command) => ({ command, outcome: runOne(handlers, command, context) })), carts, now };
};

const runOne = (handlers: HandlerRegistry, command: TypedCommand, context: ExecutionContext): Settled['outcome'] => {
  try {
    return handlers[command.type](command, context);
  } catch (error) {
    // A bug or an unexpected state: the command fails on its own, the batch goes on.
    console.error(`[executor] ${command.type} ${command.id} failed:`, error);
    return { status: 'failed', code: 'internal_error', message: 'The command could not be processed.' };
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
