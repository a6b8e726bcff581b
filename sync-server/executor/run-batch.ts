import type { TypedCommand } from '../../schema/index.ts';
import { CartSession } from '../cart/cart-session.ts';
import { loadProductLookup } from '../catalog/product-repository.ts';
import type { Database, Sql } from '../store/database.ts';
import { notifyChanges, reserveServerSeqs } from '../store/server-seq.ts';
import { claimRuns, interleaveRuns } from './claim.ts';
import type { ExecutionContext, HandlerRegistry, Outcome } from './handler-registry.ts';

export interface BatchLimits {
  maxClients: number;
  maxCommands: number;
}

interface Settled {
  command: TypedCommand;
  outcome: Outcome | { status: 'failed'; code: string; message: string };
}

/**
 * One executor step, in one transaction: claim, run every handler, then write each command's status
 * and result, the read models they changed and each client's last executed seq. Either all of that
 * commits or none of it does, so a command's effects happen exactly once even if the process dies
 * at any point. Returns how many commands were settled.
 */
export const runBatch = async (db: Database, handlers: HandlerRegistry, limits: BatchLimits): Promise<number> =>
  db.transaction(async (tx) => {
    const runs = await claimRuns(tx, limits.maxClients, limits.maxCommands);
    const commands = interleaveRuns(runs);
    if (commands.length === 0) return 0;

    const carts = await CartSession.load(
      tx,
      commands.map((c) => c.owner),
    );
    const payloadSkus = commands.flatMap((c) => ('sku' in c.payload ? [c.payload.sku] : []));
    const now = Date.now();
    const context: ExecutionContext = {
      carts,
      products: await loadProductLookup(tx, [...payloadSkus, ...carts.skus()]),
      now,
    };
    const settled: Settled[] = commands.map((command) => ({ command, outcome: runOne(handlers, command, context) }));

    const changedCarts = carts.changed().length;
    const first = await reserveServerSeqs(tx, settled.length + changedCarts);
    await writeOutcomes(tx, settled, first, now);
    await carts.save(tx, first + settled.length, now);
    await advanceClients(
      tx,
      runs.map((r) => ({ client_id: r.clientId, last_seq: r.commands.at(-1)!.seq })),
    );
    await notifyChanges(
      tx,
      commands.map((c) => c.owner),
      changedCarts > 0 ? ['outcomes', 'carts'] : ['outcomes'],
    );
    return settled.length;
  });

const runOne = (handlers: HandlerRegistry, command: TypedCommand, context: ExecutionContext): Settled['outcome'] => {
  try {
    return handlers[command.type](command, context);
  } catch (error) {
    // A bug or an unexpected state: the command fails on its own, the batch goes on.
    console.error(`[executor] ${command.type} ${command.id} failed:`, error);
    return { status: 'failed', code: 'internal_error', message: 'The command could not be processed.' };
  }
};

const writeOutcomes = async (tx: Sql, settled: Settled[], firstSeq: number, now: number): Promise<void> => {
  const rows = settled.map(({ command, outcome }, i) => ({
    id: command.id,
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
    server_seq: firstSeq + i,
  }));
  await tx.query(
    `UPDATE commands AS c SET status = v.status, result = v.result, result_code = v.result_code, error = v.error,
       processed_at = v.processed_at, server_seq = v.server_seq
     FROM jsonb_to_recordset($1::jsonb)
       AS v(id uuid, status text, result jsonb, result_code text, error jsonb, processed_at bigint, server_seq bigint)
     WHERE c.id = v.id`,
    [JSON.stringify(rows)],
  );
};

const advanceClients = async (tx: Sql, rows: { client_id: string; last_seq: number }[]): Promise<void> => {
  await tx.query(
    `UPDATE sync_clients AS s SET last_seq = v.last_seq
     FROM jsonb_to_recordset($1::jsonb) AS v(client_id text, last_seq bigint) WHERE s.client_id = v.client_id`,
    [JSON.stringify(rows)],
  );
};
