import type { OrdersDoc } from '../../schema/orders/order.ts';
import { evolveOrders } from '../../schema/orders/order-rules.ts';
import { decideExpire } from '../../schema/payments/payment-rules.ts';
import { enqueueMail } from '../accounts/outbox.ts';
import { lockOwnerDocuments, writeOwnerDocuments } from '../features/owner-documents.ts';
import { paymentMail } from '../orders/order-mail.ts';
import { saveOrders } from '../orders/order-store.ts';
import { ordersReadModel } from '../orders/orders-read-model.ts';
import { applyStockMoves, lockStock } from '../orders/stock.ts';
import type { Database } from '../store/database.ts';
import { attemptsInDoubt, attemptsOfOverdueOrders, touchAttempt, type AttemptRow } from './attempt-store.ts';
import { attemptWithOrder, gatewayAttemptOf } from './begin.ts';
import { gatewayOf } from './payment-settings.ts';
import { lockOrderOf, settleAttempt } from './settle.ts';
import { logProviderTrouble } from './provider-trouble.ts';
import { log } from '../observability/logger.ts';

/**
 * The reconciler: nothing stays "processing" for ever, and no order is cancelled that was paid.
 * 1. Attempts in doubt (open or pending, no answer for `askAfterMs`: the shopper closed the tab, a BACKREF was
 *    lost, the server died between the provider's answer and our commit, a capture timed out) are asked of their
 *    provider (BORICA TRTYPE 90, PayPal's order lookup, the credit application's state) and settled by the same
 *    rule as an answer through the browser. A provider that throws (a timeout) is asked again next round.
 * 2. Orders awaiting payment past their due time expire: cancelled, their stock released. An order whose attempt
 *    is still open is asked about first (in step 1, whatever its age), so one paid at the last moment is paid.
 */

export interface ReconcileOptions {
  /** An attempt without an answer for this long is asked about. */
  askAfterMs: number;
  /** At most this many attempts asked and orders expired a round. */
  batch?: number;
}

export interface ReconcileRound {
  asked: number;
  settled: number;
  failed: number;
  expired: number;
}

const askProvider = async (db: Database, row: AttemptRow, now: number): Promise<'settled' | 'same' | 'failed'> => {
  const gateway = gatewayOf(row.provider);
  const found = await attemptWithOrder(db, row.attempt_id);
  if (!gateway || !found) return 'failed';
  try {
    const verdict = await gateway.status(gatewayAttemptOf(row, found.order));
    const settled = await settleAttempt(db, row, verdict, now);
    if (settled.changed) return 'settled';
  } catch (error) {
    logProviderTrouble(`status of attempt ${row.attempt_id} not known yet`, error);
    await touchAttempt(db, row.attempt_id, now);
    return 'failed';
  }
  // Asked, nothing new: the others in doubt are asked first next round.
  await touchAttempt(db, row.attempt_id, now);
  return 'same';
};

/** Expires one order if it is still awaiting past its due time, in one transaction (the operator's cancel's locks). */
const expireOrder = async (db: Database, owner: string, orderId: string, now: number): Promise<boolean> =>
  db.transaction(async (tx) => {
    const order = await lockOrderOf(tx, owner, orderId);
    if (!order) return false;
    const decision = decideExpire(order, now);
    if (decision.kind === 'kept') return false;
    const { event } = decision;
    const docs = await lockOwnerDocuments<OrdersDoc>(tx, ordersReadModel, [owner]);
    if (event.stock.length > 0)
      await lockStock(
        tx,
        event.stock.map((m) => m.sku),
      );
    await saveOrders(tx, [event.order]);
    await applyStockMoves(
      tx,
      event.stock.map((m) => ({ ...m, orderId, reason: m.delta < 0 ? 'reserve' : 'release' })),
      now,
    );
    await enqueueMail(tx, paymentMail(event.order, 'expired'));
    const doc = evolveOrders(docs.get(owner)!, event, now);
    await writeOwnerDocuments(tx, [{ model: ordersReadModel, owner, doc }]);
    return true;
  });

/** One round; also what tests and benches call. */
export const reconcileOnce = async (
  db: Database,
  { askAfterMs, batch = 100 }: ReconcileOptions,
  now = Date.now(),
): Promise<ReconcileRound> => {
  const round: ReconcileRound = { asked: 0, settled: 0, failed: 0, expired: 0 };
  const overdue = await attemptsOfOverdueOrders(db, now, batch);
  const stale = await attemptsInDoubt(db, now - askAfterMs, batch);
  const asked = new Map([...overdue, ...stale].map((row) => [row.attempt_id, row]));
  for (const row of asked.values()) {
    round.asked += 1;
    const result = await askProvider(db, row, now);
    if (result === 'settled') round.settled += 1;
    if (result === 'failed') round.failed += 1;
  }
  // The first condition is the partial index's (migration 010, orders_payment_due), so the planner uses it; only
  // orders awaiting expire (one still processing was asked about above and waits for its verdict).
  const due = await db.query<{ order_id: string; owner: string }>(
    `SELECT order_id::text, owner FROM orders
     WHERE (doc -> 'payment') ->> 'status' IN ('awaiting', 'processing')
       AND (((doc -> 'payment') ->> 'dueBy')::bigint) <= $1
       AND (doc -> 'payment') ->> 'status' = 'awaiting'
     ORDER BY (((doc -> 'payment') ->> 'dueBy')::bigint) LIMIT $2`,
    [now, batch],
  );
  for (const { order_id, owner } of due) if (await expireOrder(db, owner, order_id, now)) round.expired += 1;
  return round;
};

export interface Reconciler {
  runOnce(now?: number): Promise<ReconcileRound>;
  stop(): Promise<void>;
}

/** The reconciler as the server's upkeep runs it: a round every `intervalMs`, never two at once. */
export const startReconciler = (db: Database, intervalMs: number, options: ReconcileOptions): Reconciler => {
  let running: Promise<ReconcileRound> | undefined;
  const runOnce = (now?: number): Promise<ReconcileRound> => {
    running ??= reconcileOnce(db, options, now).finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => {
    runOnce().catch((error: unknown) =>
      log.error({ component: 'payments', err: error }, 'reconciliation round failed'),
    );
  }, intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
};
