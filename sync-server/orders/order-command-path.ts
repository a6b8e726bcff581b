import type { OrderPlacePayload } from '../../schema/orders/order-commands.ts';
import type { Principal } from '../http/auth.ts';
import { derivedCommandId, runThroughPush, type CommandPathDeps, type Settlement } from '../sync/push-one.ts';

/**
 * `POST /api/order` executes through the sync push, so it is exactly once as a device's order is: the order becomes
 * an `order.place` command of a client of its own (`api-<orderId>`, seq 1) whose id is derived from the order id.
 * A repeated call is the same command, which the push answers with its stored outcome; a device that placed the
 * order through sync meanwhile has its own command, which the rules answer with the one order.
 */

export type OrderPathDeps = CommandPathDeps;
export type { Settlement };

/** The command's id (its idempotency key), derived from the order id. */
export const commandIdOf = (orderId: string): string => derivedCommandId(`order.place:${orderId}`);

export const placeThroughPush = (
  deps: OrderPathDeps,
  principal: Principal,
  payload: OrderPlacePayload,
): Promise<Settlement> =>
  runThroughPush(
    deps,
    principal,
    { id: commandIdOf(payload.orderId), type: 'order.place', payload, clientId: `api-${payload.orderId}`, seq: 1 },
    'The order could not be processed.',
  );
