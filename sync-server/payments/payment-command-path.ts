import { randomBytes } from 'node:crypto';
import type { Principal } from '../http/auth.ts';
import { derivedCommandId, runThroughPush, type CommandPathDeps, type Settlement } from '../sync/push-one.ts';

/**
 * The spec's payment calls (`POST /api/order/borica-payment-retry`, `POST /api/ext/paypal/create`) open their
 * attempt as a device does: a `payment.start` command through the sync push, so they are exactly once as every
 * command is. The command's id is derived from the caller's Idempotency-Key (the same key: the same command, which
 * the push answers with its stored outcome), or is fresh without one. Its client is its own (`api-pay-<id>`, seq 1).
 */

export const paymentCommandId = (owner: string, orderId: string, idempotencyKey: string | undefined): string =>
  derivedCommandId(`payment.start:${owner}:${orderId}:${idempotencyKey ?? randomBytes(16).toString('hex')}`);

export const startPaymentThroughPush = (
  deps: CommandPathDeps,
  principal: Principal,
  orderId: string,
  commandId: string,
): Promise<Settlement> =>
  runThroughPush(
    deps,
    principal,
    { id: commandId, type: 'payment.start', payload: { orderId }, clientId: `api-pay-${commandId}`, seq: 1 },
    'The payment could not be started.',
  );
