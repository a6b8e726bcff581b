import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { faultsSchema, type Faults } from './faults.ts';
import { parseJson, readBody, sendJson } from './http-io.ts';
import { approveOrder, settlePendingCapture, voidOrder } from './orders.ts';
import { backTo } from './payer-pages.ts';
import { resetState, type SimState } from './state.ts';

/**
 * The test controls under /__sim/: `GET stats` (what was charged: counts, and
 * `charges` [{order, capture, invoiceId, customId}]), `POST faults` (arm a drop, a delay or a server
 * error for the next call; `clear: true` disarms the rest first), `POST approve` {id, decline?, outcome?} (the payer's approval without a browser),
 * `POST void` {id}, `POST settle-capture` {id, status} (a PENDING capture completed or declined later), `POST reset`. Answers false for any other route.
 */

/** A capture in these states took the payer's money. */
const CHARGED: ReadonlySet<string> = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

const approveSchema = z.strictObject({
  id: z.string().min(1).max(36),
  /** The payer's funding is declined at capture (the capture is DECLINED). */
  decline: z.boolean().optional(),
  /** Finer: what the capture does (INSTRUMENT_DECLINED: the capture call answers 422). */
  outcome: z.enum(['COMPLETED', 'DECLINED', 'PENDING', 'INSTRUMENT_DECLINED']).optional(),
});
const voidSchema = z.strictObject({ id: z.string().min(1).max(36) });
const settleSchema = z.strictObject({ id: z.string().min(1).max(36), status: z.enum(['COMPLETED', 'DECLINED']) });

const problems = (error: z.ZodError) => ({ error: error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });

export const handleControls = async (
  state: SimState,
  faults: Faults,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> => {
  if (req.method === 'GET' && path === '/__sim/stats') {
    const perOrder = Object.values(state.stats.capturesByOrder);
    // Every capture that took money (refunded later or not), with the merchant's ids it carries: whose it is.
    const charges = [...state.captures.values()]
      .filter((c) => CHARGED.has(c.status))
      .map((c) => ({ order: c.orderId, capture: c.id, invoiceId: c.invoiceId, customId: c.customId }));
    sendJson(res, 200, { ...state.stats, maxCapturesPerOrder: Math.max(0, ...perOrder), charges });
    return true;
  }
  if (req.method !== 'POST' || !path.startsWith('/__sim/')) return false;
  const json = parseJson(await readBody(req));
  const body = json.ok ? (json.value ?? {}) : undefined;
  switch (path) {
    case '/__sim/reset':
      resetState(state);
      faults.clear();
      sendJson(res, 200, { reset: true });
      return true;
    case '/__sim/faults': {
      const parsed = faultsSchema.safeParse(body);
      if (parsed.success) sendJson(res, 200, { armed: faults.arm(parsed.data) });
      else sendJson(res, 400, problems(parsed.error));
      return true;
    }
    case '/__sim/approve': {
      const parsed = approveSchema.safeParse(body);
      if (!parsed.success) {
        sendJson(res, 400, problems(parsed.error));
        return true;
      }
      const outcome = parsed.data.outcome ?? (parsed.data.decline ? 'DECLINED' : 'COMPLETED');
      const approved = approveOrder(state, parsed.data.id, outcome);
      if (!approved.ok) {
        sendJson(res, approved.answer.status, approved.answer.body);
        return true;
      }
      const { order } = approved;
      const returnUrl = order.returnUrl && backTo(order.returnUrl, { token: order.id, PayerID: order.payerId ?? '' });
      sendJson(res, 200, { id: order.id, status: order.status, payerId: order.payerId, returnUrl });
      return true;
    }
    case '/__sim/void': {
      const parsed = voidSchema.safeParse(body);
      const answer = parsed.success ? voidOrder(state, parsed.data.id) : { status: 400, body: problems(parsed.error) };
      sendJson(res, answer.status, answer.body);
      return true;
    }
    case '/__sim/settle-capture': {
      const parsed = settleSchema.safeParse(body);
      const answer = parsed.success
        ? settlePendingCapture(state, parsed.data.id, parsed.data.status)
        : { status: 400, body: problems(parsed.error) };
      sendJson(res, answer.status, answer.body);
      return true;
    }
    default:
      return false;
  }
};
