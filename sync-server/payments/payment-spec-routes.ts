import { Router, type Request } from 'express';
import { z } from 'zod';
import { orderIdSchema } from '../../schema/orders/order.ts';
import { authenticate, principalOf, type Principal } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { CommandPathDeps as OrderPathDeps } from '../sync/push-one.ts';
import { attemptByProviderRef, latestAttemptOf } from './attempt-store.ts';
import { attemptWithOrder, gatewayAttemptOf } from './begin.ts';
import { paymentCommandId, startPaymentThroughPush } from './payment-command-path.ts';
import { beginOrProblem, languageOf } from './payment-routes.ts';
import { gatewayOf } from './payment-settings.ts';
import { settleAttempt } from './settle.ts';
import { logProviderTrouble } from './provider-trouble.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

const orderBodySchema = z.object({ orderId: orderIdSchema }).strict();
const executeBodySchema = z.object({ orderId: orderIdSchema, paypalOrderId: z.string().min(1).max(64) }).strict();
const idempotencyKeySchema = z.string().min(1).max(200).optional();

const idempotencyKeyOf = (req: Request): string | undefined => {
  const key = idempotencyKeySchema.safeParse(req.get('Idempotency-Key'));
  if (!key.success) throw new HttpProblem(400, 'Idempotency-Key must be 1 to 200 characters', 'Idempotency-Key');
  return key.data;
};

/** Opens a new attempt for the order through the command path; its id, or the refusal as an HTTP problem. */
const startAttempt = async (deps: OrderPathDeps, principal: Principal, orderId: string, key?: string) => {
  const settled = await startPaymentThroughPush(
    deps,
    principal,
    orderId,
    paymentCommandId(principal.owner, orderId, key),
  );
  if (settled.status === 'pending') throw new HttpProblem(503, 'The payment is queued; ask again with the same key');
  if (settled.status === 'refused') throw new HttpProblem(409, settled.error.message, 'orderId');
  return (settled.result as { attemptId: string }).attemptId;
};

/**
 * The spec's payment calls (commerce.md section 7), for clients that do not sync:
 * - POST /api/order/borica-payment-retry `{orderId}`: a new attempt (a new ORDER and NONCE) and its signed form,
 *   `{code: 200, result: {step}}`; Idempotency-Key honoured (the same key: the same attempt).
 * - POST /api/ext/paypal/create `{orderId}`: the order's PayPal order, `{code: 200, result: {id}}` (the open
 *   attempt's, or a new attempt's).
 * - POST /api/ext/paypal/execute `{orderId, paypalOrderId}`: the capture, settled, `{code: 200, result: {status}}`
 *   (the order's payment status).
 */
export const paymentSpecRoutes = (deps: OrderPathDeps): { order: Router; paypal: Router } => {
  const { db } = deps;
  const order = Router();
  order.post('/borica-payment-retry', authenticate(db), async (req, res) => {
    const { orderId } = parseInput(orderBodySchema, req.body, 'body');
    const principal = principalOf(req);
    const attemptId = await startAttempt(deps, principal, orderId, idempotencyKeyOf(req));
    const { step } = await beginOrProblem(db, attemptId, principal.owner, languageOf(req));
    ok(res, { step });
  });

  const paypal = Router();
  paypal.use(authenticate(db));
  paypal.post('/create', async (req, res) => {
    const { orderId } = parseInput(orderBodySchema, req.body, 'body');
    const principal = principalOf(req);
    const latest = await latestAttemptOf(db, orderId);
    const open = latest && latest.owner === principal.owner && latest.provider === 'paypal' && latest.status === 'open';
    const attemptId = open ? latest.attempt_id : await startAttempt(deps, principal, orderId, idempotencyKeyOf(req));
    const { attempt } = await beginOrProblem(db, attemptId, principal.owner, languageOf(req));
    ok(res, { id: attempt.provider_ref });
  });

  paypal.post('/execute', async (req, res) => {
    const { orderId, paypalOrderId } = parseInput(executeBodySchema, req.body, 'body');
    const principal = principalOf(req);
    const row = await attemptByProviderRef(db, 'paypal', paypalOrderId);
    if (!row || row.owner !== principal.owner || row.order_id !== orderId)
      throw new HttpProblem(404, `No PayPal order ${paypalOrderId} for this order`, 'paypalOrderId');
    const found = await attemptWithOrder(db, row.attempt_id);
    const gateway = gatewayOf('paypal');
    if (!found || !gateway) throw new HttpProblem(503, 'PayPal is not available now');
    // Settled already (a repeated execute): the order's status as it is, no second capture asked.
    if (row.status === 'paid' || row.status === 'declined') {
      ok(res, { status: found.order.payment?.status ?? 'awaiting' });
      return;
    }
    let status = found.order.payment?.status ?? 'awaiting';
    try {
      const verdict = await gateway.settleReturn(gatewayAttemptOf(row, found.order), { token: paypalOrderId });
      const settled = await settleAttempt(db, row, verdict);
      status = settled.order?.payment?.status ?? status;
    } catch (error) {
      // The capture's answer is in doubt: the reconciler asks PayPal (the capture is idempotent by attempt id).
      logProviderTrouble(`PayPal capture of attempt ${row.attempt_id} left to the reconciler`, error);
    }
    ok(res, { status });
  });

  return { order, paypal };
};

const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema });

export const paymentSpecApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/order/borica-payment-retry',
    summary: 'A new BORICA attempt for an unpaid order of the caller',
    access: 'token',
    request: { body: orderBodySchema, headers: idempotencyHeaders },
    responses: okAnswer('The attempt’s step to pay', jsonObject('A BORICA form')),
  },
  {
    method: 'post',
    path: '/api/ext/paypal/create',
    summary: 'A PayPal order for an order of the caller',
    access: 'token',
    request: { body: orderBodySchema, headers: idempotencyHeaders },
    responses: okAnswer('The PayPal order', jsonObject('PayPal order id and approval link')),
  },
  {
    method: 'post',
    path: '/api/ext/paypal/execute',
    summary: 'Capture an approved PayPal order',
    access: 'token',
    request: { body: executeBodySchema },
    responses: okAnswer('The payment status', z.object({ status: z.string() })),
  },
];
