import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { orderNumberSchema, orderSchema, type Order } from '../../schema/orders/order.ts';
import {
  decideExcessRefund,
  decideRefund,
  evolveExcessRefund,
  evolveRefund,
} from '../../schema/payments/payment-rules.ts';
import { enqueueMail } from '../accounts/outbox.ts';
import { authenticate } from '../http/auth.ts';
import { operatorOf, requireRole, type Operator } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import { paymentMail } from '../orders/order-mail.ts';
import { recordAudit } from '../ops/audit.ts';
import type { Database } from '../store/database.ts';
import { attemptById, type AttemptRow } from './attempt-store.ts';
import { gatewayAttemptOf } from './begin.ts';
import type { RefundVerdict } from './gateway.ts';
import { gatewayOf } from './payment-settings.ts';
import { lockOrderOf, rewriteOrder } from './settle.ts';
import { logProviderTrouble } from './provider-trouble.ts';
import { okAnswer, type ApiRoute } from '../http/api-description.ts';

/**
 * An operator's refund, exactly once: the refund is stored (requested, with the id the provider is given) before
 * the provider is asked; asked again after a crash or a timeout, the same refund is sent with the same id (BORICA
 * TRTYPE 24, PayPal's refund with PayPal-Request-Id), so the money goes back once. The provider's answer is applied
 * in one transaction with the order, its owner's devices (live) and the shopper's mail.
 */

const paramsSchema = z.object({ orderNumber: orderNumberSchema });
const bodySchema = z
  .object({
    amountEur: z.number().int().min(1).max(1e12).optional(),
    /** An attempt listed in `payment.excessAttempts` (a double charge): all of it is given back. */
    attemptId: z.string().max(36).optional(),
  })
  .strict();

interface RequestedRefund {
  /** A charge the order did not want (payment.excessAttempts), not the order's payment. */
  excess: boolean;
  refundId: string;
  amountEur: number;
  attempt: AttemptRow;
  order: Order;
}

const refundRowSchema = z.object({ refund_id: z.string(), amount: z.coerce.number(), status: z.string() });

/** Step 1: the refund stored as requested, or the one already requested and not answered (a retry). */
const requestRefund = async (
  db: Database,
  orderNumber: string,
  { amountEur, attemptId }: { amountEur?: number | undefined; attemptId?: string | undefined },
  now: number,
  operator: Operator | undefined,
) =>
  db.transaction(async (tx): Promise<RequestedRefund> => {
    const [found] = await tx.query<{ owner: string; order_id: string }>(
      'SELECT owner, order_id::text FROM orders WHERE order_number = $1',
      [orderNumber],
    );
    if (!found) throw new HttpProblem(404, `No order ${orderNumber}`, 'orderNumber');
    const order = await lockOrderOf(tx, found.owner, found.order_id);
    if (!order) throw new HttpProblem(409, `Order ${orderNumber} changed; try again`, 'orderNumber');
    const excess = attemptId !== undefined;
    const decision = excess ? decideExcessRefund(order, attemptId) : decideRefund(order, amountEur);
    if (decision.kind === 'refused') throw new HttpProblem(409, decision.message, decision.field);
    const attempt = await attemptById(tx, decision.attemptId, true);
    if (!attempt) throw new HttpProblem(409, 'The payment of this order has no attempt to refund', 'orderNumber');
    const [waiting] = (
      await tx.query(
        `SELECT refund_id::text, amount, status FROM payment_refunds WHERE attempt_id = $1 AND status = 'requested'
         ORDER BY created_at LIMIT 1`,
        [attempt.attempt_id],
      )
    ).map((row) => refundRowSchema.parse(row));
    if (waiting) return { excess, refundId: waiting.refund_id, amountEur: waiting.amount, attempt, order };
    const refundId = randomUUID();
    await tx.query(
      `INSERT INTO payment_refunds (refund_id, attempt_id, amount, status, created_at, updated_at)
       VALUES ($1, $2, $3, 'requested', $4, $4)`,
      [refundId, attempt.attempt_id, decision.amountEur, now],
    );
    if (operator) {
      await recordAudit(tx, operator, {
        action: 'order.refund.request',
        target: `order:${orderNumber}`,
        before: paymentFigures(order),
        after: { refundId, amountEur: decision.amountEur, ...(excess ? { attemptId: attempt.attempt_id } : {}) },
      });
    }
    return { excess, refundId, amountEur: decision.amountEur, attempt, order };
  });

/** What an audit line keeps of an order's payment, before and after a refund. */
const paymentFigures = (order: Order) => ({
  paymentStatus: order.payment?.status ?? null,
  paidEur: order.payment?.paidEur ?? null,
  refundedEur: order.payment?.refundedEur ?? 0,
});

/** Step 3: the provider's answer applied once (the refund's row says whether it was). */
const applyRefund = async (
  db: Database,
  requested: RequestedRefund,
  verdict: RefundVerdict,
  now: number,
  operator: Operator | undefined,
) =>
  db.transaction(async (tx): Promise<Order> => {
    const order = await lockOrderOf(tx, requested.order.owner, requested.order.orderId);
    if (!order) throw new HttpProblem(409, 'The order changed; try again', 'orderNumber');
    const [row] = (
      await tx.query('SELECT refund_id::text, amount, status FROM payment_refunds WHERE refund_id = $1 FOR UPDATE', [
        requested.refundId,
      ])
    ).map((r) => refundRowSchema.parse(r));
    if (!row || row.status !== 'requested') return order;
    await tx.query('UPDATE payment_refunds SET status = $2, result = $3, updated_at = $4 WHERE refund_id = $1', [
      requested.refundId,
      verdict.kind,
      JSON.stringify(verdict),
      now,
    ]);
    const next =
      verdict.kind !== 'refunded'
        ? order
        : requested.excess
          ? evolveExcessRefund(order, requested.attempt.attempt_id, now)
          : evolveRefund(order, row.amount, now);
    if (operator) {
      await recordAudit(tx, operator, {
        action: 'order.refund',
        target: `order:${order.orderNumber}`,
        before: paymentFigures(order),
        after: { ...paymentFigures(next), refundId: requested.refundId, amountEur: row.amount, verdict: verdict.kind },
      });
    }
    if (verdict.kind !== 'refunded') return order;
    await enqueueMail(tx, paymentMail(next, 'refunded', row.amount));
    await rewriteOrder(tx, next, now);
    return next;
  });

/** A refund; with `operator`, each of its transactions writes that operator's audit line. */
export const refundOrder = async (
  db: Database,
  orderNumber: string,
  what: { amountEur?: number | undefined; attemptId?: string | undefined } = {},
  operator?: Operator,
): Promise<Order> => {
  const requested = await requestRefund(db, orderNumber, what, Date.now(), operator);
  const gateway = gatewayOf(requested.attempt.provider);
  if (!gateway) throw new HttpProblem(503, 'The payment provider of this order is not configured');
  const settlementRef = requested.attempt.verdict?.['settlementRef'];
  let verdict: RefundVerdict;
  try {
    verdict = await gateway.refund(
      gatewayAttemptOf(requested.attempt, requested.order),
      typeof settlementRef === 'string' ? settlementRef : '',
      requested.amountEur,
      requested.refundId,
    );
  } catch (error) {
    // In doubt: the refund stays requested; the operator's next call sends the same refund id.
    logProviderTrouble(`refund ${requested.refundId} not answered`, error);
    throw new HttpProblem(502, 'The payment provider did not answer; try again (the same refund is sent)');
  }
  const order = await applyRefund(db, requested, verdict, Date.now(), operator);
  if (verdict.kind === 'refused') throw new HttpProblem(409, verdict.message, 'amountEur');
  return order;
};

/**
 * POST /api/operator/orders/:orderNumber/refund `{amountEur?}` (the `support` role): the order as refunded; with
 * `{attemptId}`, a double charge listed in `payment.excessAttempts` is given back instead.
 */
export const refundRoutes = (db: Database): Router => {
  const router = Router();
  router.post('/:orderNumber/refund', authenticate(db), requireRole(db, 'support'), async (req, res) => {
    const { orderNumber } = parseInput(paramsSchema, req.params, 'params');
    ok(res, await refundOrder(db, orderNumber, parseInput(bodySchema, req.body, 'body'), operatorOf(req)));
  });
  return router;
};

export const refundApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/operator/orders/:orderNumber/refund',
    summary: 'Refund an order (all or `amountEur`) or a double charge, exactly once through its provider',
    access: 'support',
    request: { params: paramsSchema, body: bodySchema },
    responses: okAnswer('The order after the refund', orderSchema),
  },
];
