import { Router } from 'express';
import { z } from 'zod';
import { emailSchema } from '../../schema/account/user-fields.ts';
import { orderNumberSchema, orderSchema, type Order } from '../../schema/orders/order.ts';
import { orderPlacePayloadSchema } from '../../schema/orders/order-commands.ts';
import { clientAddress, enforceLimit, limitKey } from '../accounts/rate-limit.ts';
import { authenticate, principalOf } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import { placeThroughPush, type OrderPathDeps } from './order-command-path.ts';
import { orderByNumber } from './order-store.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

export type OrderRoutesDeps = OrderPathDeps;

const orderGetBodySchema = z.object({ orderNumber: orderNumberSchema }).strict();
const trackBodySchema = z.object({ orderNumber: z.string().trim().max(32), email: emailSchema }).strict();

/** Tracking answers at most this many lookups per address in a window: nothing to enumerate. */
const TRACK_LIMIT = { max: 30, windowSeconds: 600 };
const NOT_FOUND = 'No order with this number and e-mail';

/** What tracking shows a guest: the order's progress and figures, none of its personal details. */
export const trackedView = (order: Order) => ({
  orderNumber: order.orderNumber,
  status: order.status,
  history: order.history,
  lines: order.lines.map(({ sku, name, qty, unitPriceInclTaxEur, lineTotalEur }) => ({
    sku,
    name,
    qty,
    unitPriceInclTaxEur,
    lineTotalEur,
  })),
  totals: order.totals,
  shippingMethod: order.shippingMethod,
  paymentMethod: order.paymentMethod,
  createdAt: order.createdAt,
});

/**
 * The spec's order calls (commerce.md section 7) for clients that do not sync: POST /api/order places an order
 * through the same command path as a sync push (exactly once per order id), POST /api/order/get reads one of the
 * caller's own orders, and POST /api/order/track finds an order by its number and e-mail together, for guests.
 */
export const orderRoutes = (deps: OrderRoutesDeps): Router => {
  const router = Router();
  const { db } = deps;

  router.post('/track', async (req, res) => {
    await enforceLimit(db, res, limitKey('order-track', clientAddress(req)), TRACK_LIMIT, 'Too many order lookups');
    const { orderNumber, email } = parseInput(trackBodySchema, req.body, 'body');
    const [row] = await db.query<{ doc: Order }>('SELECT doc FROM orders WHERE order_number = $1', [orderNumber]);
    const order = row?.doc;
    // One answer for an unknown number and for a wrong e-mail: the call tells nothing about either alone.
    if (!order || order.details.personal.emailAddress.toLowerCase() !== email.toLowerCase())
      throw new HttpProblem(404, NOT_FOUND, 'orderNumber');
    ok(res, trackedView(order));
  });

  router.use(authenticate(db));

  router.post('/', async (req, res) => {
    const payload = parseInput(orderPlacePayloadSchema, req.body, 'body');
    const settled = await placeThroughPush(deps, principalOf(req), payload);
    if (settled.status === 'pending')
      throw new HttpProblem(503, 'The order is queued; ask again with the same orderId');
    if (settled.status === 'refused') {
      const field = settled.error.field?.replace(/^payload\./, '');
      throw new HttpProblem(422, settled.error.message, field);
    }
    const result = settled.result as { orderId: string; orderNumber: string; status: string };
    ok(res, {
      backendOrderId: result.orderId,
      hash: result.orderId,
      orderNumber: result.orderNumber,
      status: result.status,
      paymentMethodId: payload.details.payment.paymentMethod,
    });
  });

  router.post('/get', async (req, res) => {
    const { orderNumber } = parseInput(orderGetBodySchema, req.body, 'body');
    const order = await orderByNumber(db, orderNumber, principalOf(req).owner);
    if (!order) throw new HttpProblem(404, `No order ${orderNumber}`, 'orderNumber');
    ok(res, order);
  });

  return router;
};

export const orderApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/order/track',
    summary: "An order's status and lines by its number and the buyer's e-mail",
    access: 'public',
    request: { body: trackBodySchema },
    responses: {
      ...okAnswer('The order as tracked', jsonObject('status, history, lines, totals')),
      404: { description: NOT_FOUND },
    },
  },
  {
    method: 'post',
    path: '/api/order',
    summary: "Place an order from the caller's cart (a command through the sync push)",
    access: 'token',
    request: { body: orderPlacePayloadSchema },
    responses: {
      ...okAnswer('The new order', jsonObject('backendOrderId, orderNumber, status, paymentMethodId')),
      422: { description: 'Refused by the order rules; `result.field` names the field' },
      503: { description: 'Still queued; ask again with the same orderId' },
    },
  },
  {
    method: 'post',
    path: '/api/order/get',
    summary: 'One of the caller’s orders',
    access: 'token',
    request: { body: orderGetBodySchema },
    responses: { ...okAnswer('The order', orderSchema), 404: { description: 'No such order of the caller' } },
  },
];
