import { Router } from 'express';
import { z } from 'zod';
import { ORDER_STATUSES, orderNumberSchema, orderSchema, type OrdersDoc } from '../../schema/orders/order.ts';
import { decideStatusMove, evolveOrders } from '../../schema/orders/order-rules.ts';
import { enqueueMail } from '../accounts/outbox.ts';
import { lockOwners } from '../executor/owner-locks.ts';
import { lockOwnerDocuments, writeOwnerDocuments } from '../features/owner-documents.ts';
import { authenticate } from '../http/auth.ts';
import { operatorOf, requireRole } from '../http/operator-guard.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import { recordAudit } from '../ops/audit.ts';
import type { Database } from '../store/database.ts';
import { orderMail } from './order-mail.ts';
import { listOrders, lockOrderByNumber, saveOrders } from './order-store.ts';
import { ordersReadModel } from './orders-read-model.ts';
import { applyStockMoves, lockStock } from './stock.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

const listQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    before: z.coerce.number().int().min(0).optional(),
  })
  .strict();

const moveParamsSchema = z.object({ orderNumber: orderNumberSchema });
const moveBodySchema = z.object({ status: z.enum(['confirmed', 'shipped', 'delivered', 'cancelled']) }).strict();

/**
 * The operator's order calls (the console comes later), under /api/operator/orders: GET lists orders, newest first
 * (`?status=`, `limit`, `before`); POST /:orderNumber/status `{ status }` moves one by the allowed moves only (409
 * otherwise). A move rewrites the owner's orders read model in its transaction (so it reaches the owner's devices
 * live), releases the stock of a cancelled order and puts an e-mail in the outbox.
 * Reads need the `viewer` role, a move `support`; each move is audited in its own transaction.
 */
export const operatorOrderRoutes = (db: Database): Router => {
  const router = Router();
  router.use(authenticate(db), requireRole(db, 'viewer'));

  router.get('/', async (req, res) => {
    const query = parseInput(listQuerySchema, req.query, 'query');
    ok(res, await listOrders(db, query));
  });

  router.post('/:orderNumber/status', requireRole(db, 'support'), async (req, res) => {
    const { orderNumber } = parseInput(moveParamsSchema, req.params, 'params');
    const { status } = parseInput(moveBodySchema, req.body, 'body');
    const now = Date.now();
    const moved = await db.transaction(async (tx) => {
      const [found] = await tx.query<{ owner: string }>('SELECT owner FROM orders WHERE order_number = $1', [
        orderNumber,
      ]);
      if (!found) throw new HttpProblem(404, `No order ${orderNumber}`, 'orderNumber');
      // The owner's lock first, as every transaction that changes an owner's read models takes it (owner-locks.ts).
      await lockOwners(tx, [found.owner]);
      const order = await lockOrderByNumber(tx, orderNumber);
      if (!order || order.owner !== found.owner)
        throw new HttpProblem(409, `Order ${orderNumber} changed; try again`, 'orderNumber');
      const decision = decideStatusMove(order, status, now);
      if (decision.kind === 'refused') throw new HttpProblem(409, decision.message, 'status');
      const { event } = decision;
      const docs = await lockOwnerDocuments<OrdersDoc>(tx, ordersReadModel, [order.owner]);
      if (event.stock.length > 0)
        await lockStock(
          tx,
          event.stock.map((m) => m.sku),
        );
      await saveOrders(tx, [event.order]);
      await applyStockMoves(
        tx,
        event.stock.map((m) => ({ ...m, orderId: order.orderId, reason: m.delta < 0 ? 'reserve' : 'release' })),
        now,
      );
      await enqueueMail(tx, orderMail(event.order));
      const doc = evolveOrders(docs.get(order.owner)!, event, now);
      await writeOwnerDocuments(tx, [{ model: ordersReadModel, owner: order.owner, doc }]);
      await recordAudit(tx, operatorOf(req), {
        action: 'order.status',
        target: `order:${orderNumber}`,
        before: { status: order.status },
        after: { status: event.order.status },
      });
      return event.order;
    });
    ok(res, moved);
  });

  return router;
};

export const operatorOrderApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/operator/orders',
    summary: 'Orders, newest first, of a status when given (`before` pages on)',
    access: 'viewer',
    request: { query: listQuerySchema },
    responses: okAnswer('Orders', jsonObject('A page of orders')),
  },
  {
    method: 'post',
    path: '/api/operator/orders/:orderNumber/status',
    summary: "Move an order's status (stock and the shopper's mail follow)",
    access: 'support',
    request: { params: moveParamsSchema, body: moveBodySchema },
    responses: {
      ...okAnswer('The order', orderSchema),
      404: { description: 'No such order' },
      409: { description: 'Not an allowed move' },
    },
  },
];
