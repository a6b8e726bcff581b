import type { Order, OrdersDoc } from '../../schema/orders/order.ts';
import { evolveOrders } from '../../schema/orders/order-rules.ts';
import { decideVerdict, type Verdict } from '../../schema/payments/payment-rules.ts';
import { enqueueMail } from '../accounts/outbox.ts';
import { lockOwners } from '../executor/owner-locks.ts';
import { lockOwnerDocuments, writeOwnerDocuments } from '../features/owner-documents.ts';
import { paymentMail } from '../orders/order-mail.ts';
import { lockOrders, saveOrders } from '../orders/order-store.ts';
import { ordersReadModel } from '../orders/orders-read-model.ts';
import type { Database, Sql } from '../store/database.ts';
import { attemptById, recordVerdict, type AttemptRow } from './attempt-store.ts';
import type { AttemptVerdict } from './gateway.ts';
import { log } from '../observability/logger.ts';

const payLog = log.child({ component: 'payments' });

/**
 * Applying a provider's verdict, in one transaction like the operator's move (orders/operator-order-routes.ts):
 * the owner's lock, the order's row, the attempt's row, the owner's orders document; the pure rule decides; the
 * order, the attempt and the document are written, the shopper's mail put in the outbox. The attempt's row lock
 * and the rule's "a settled attempt changes no more" make a verdict apply once however often it arrives (a
 * repeated BACKREF, the reconciler and the return racing). The document's write NOTIFYs the owner's streams, so
 * "paid" reaches every device live.
 */

/** An order's row locked, with the owner's lock taken first (as every transaction that changes read models does). */
export const lockOrderOf = async (tx: Sql, owner: string, orderId: string): Promise<Order | undefined> => {
  await lockOwners(tx, [owner]);
  const { orders } = await lockOrders(tx, [orderId]);
  const order = orders.get(orderId);
  return order && order.owner === owner ? order : undefined;
};

/** Writes a changed order and its owner's orders document (call last: the document takes the sequence). */
export const rewriteOrder = async (tx: Sql, order: Order, now: number): Promise<void> => {
  const docs = await lockOwnerDocuments<OrdersDoc>(tx, ordersReadModel, [order.owner]);
  await saveOrders(tx, [order]);
  const doc = evolveOrders(docs.get(order.owner)!, { order }, now);
  await writeOwnerDocuments(tx, [{ model: ordersReadModel, owner: order.owner, doc }]);
};

/** The gateway's verdict as the pure rules read it. */
export const ruleVerdictOf = (verdict: AttemptVerdict): Verdict => {
  switch (verdict.kind) {
    case 'paid':
      return { kind: 'paid', card: verdict.card, message: verdict.message };
    case 'declined':
      return { kind: 'declined', code: verdict.code, message: verdict.message, card: verdict.card };
    case 'pending':
      return { kind: 'pending', message: verdict.message, code: verdict.code };
    case 'unknown':
      return { kind: 'unknown' };
  }
};

export interface SettleResult {
  order: Order | undefined;
  /** The verdict changed the order (false: a repeated or stale one). */
  changed: boolean;
  paidNow: boolean;
  excess: boolean;
}

export const settleAttempt = async (
  db: Database,
  attempt: Pick<AttemptRow, 'attempt_id' | 'owner' | 'order_id'>,
  verdict: AttemptVerdict,
  now = Date.now(),
): Promise<SettleResult> =>
  db.transaction(async (tx) => {
    const order = await lockOrderOf(tx, attempt.owner, attempt.order_id);
    const row = await attemptById(tx, attempt.attempt_id, true);
    if (!order || !row) {
      // An attempt without its order (never expected): the verdict is still kept on the row, money never lost.
      if (row) await recordVerdict(tx, row.attempt_id, statusOfRow(row.status, verdict), { ...verdict }, now);
      if (verdict.kind === 'paid') payLog.error({ attemptId: attempt.attempt_id }, 'paid attempt has no order');
      return { order, changed: false, paidNow: false, excess: verdict.kind === 'paid' };
    }
    if (!order.payment?.attempts.some((a) => a.attemptId === row.attempt_id)) {
      // An attempt its order does not list (a payment.start and a cancel of one batch, each on its own copy): it
      // was never begun (begin refuses it), so it is closed; a charge on it all the same is reported, never lost.
      const status = verdict.kind === 'paid' ? 'paid' : 'unknown';
      await recordVerdict(tx, row.attempt_id, status, { ...verdict }, now);
      if (verdict.kind === 'paid') payLog.error({ attemptId: row.attempt_id }, 'attempt charged outside its order');
      return { order, changed: false, paidNow: false, excess: verdict.kind === 'paid' };
    }
    const decision = decideVerdict(order, row.attempt_id, ruleVerdictOf(verdict), now);
    if (!decision.changed) return { order, changed: false, paidNow: false, excess: false };
    const status = decision.order.payment?.attempts.find((a) => a.attemptId === row.attempt_id)?.status ?? row.status;
    await recordVerdict(tx, row.attempt_id, status, { ...verdict }, now);
    if (decision.paidNow) await enqueueMail(tx, paymentMail(decision.order, 'paid'));
    if (decision.excess) {
      payLog.error(
        { orderNumber: order.orderNumber, attemptId: row.attempt_id },
        'attempt charged in excess, to refund',
      );
      await enqueueMail(tx, paymentMail(decision.order, 'excess'));
    }
    await rewriteOrder(tx, decision.order, now);
    return { order: decision.order, changed: true, paidNow: decision.paidNow, excess: decision.excess };
  });

/** The row's status after a verdict when the order has no say (its attempt is missing). */
const statusOfRow = (current: string, verdict: AttemptVerdict): string =>
  verdict.kind === 'paid' || verdict.kind === 'declined' || verdict.kind === 'pending' ? verdict.kind : current;
