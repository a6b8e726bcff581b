import { z } from 'zod';
import { isSettled, epochMsSchema, type CommandDocument } from '../commands/envelope.ts';
import { orderIdSchema, type Order } from '../orders/order.ts';
import { NOTICE_LIFETIME_MS } from './notices.ts';

/**
 * Order changes the shopper did not cause, as lasting notices (issue 16; issue 17's "pay now"), pure: an operator's
 * move (confirmed, shipped, delivered, cancelled) and what the payments hub decided (paid, declined, expired unpaid),
 * plus an order paid online that still waits for its payment. None is a command of the shopper, so none has an
 * outcome: each is read from the order itself (its `history` of statuses with times, its `payment`), which the
 * orders read model already brings to every device of the owner, whenever it changed. An acknowledgement names the
 * change (order, kind, time) in the same `notices.acknowledge` command as the outcomes' notices.
 */

export const ORDER_CHANGE_KINDS = [
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'payment_awaiting',
  'payment_paid',
  'payment_declined',
  'payment_expired',
] as const;
export const orderChangeKindSchema = z.enum(ORDER_CHANGE_KINDS);
export type OrderChangeKind = z.infer<typeof orderChangeKindSchema>;

/** What an acknowledgement names of an order change: which order, what happened, when (the server's time). */
export const orderChangeAcknowledgementSchema = z
  .object({ orderId: orderIdSchema, change: orderChangeKindSchema, at: epochMsSchema })
  .strict();
export type OrderChangeAcknowledgement = z.infer<typeof orderChangeAcknowledgementSchema>;

/** One change of an order worth telling the shopper. */
export interface OrderChange extends OrderChangeAcknowledgement {
  orderNumber: string;
}

/** A change's identity (its key in the sets below and in the panel). */
export const orderChangeKey = (change: OrderChangeAcknowledgement): string =>
  `${change.orderId}/${change.change}/${change.at}`;

/** The operator's moves worth a notice; `received` and `needs_confirmation` come from the shopper's own commands. */
const STATUS_CHANGES: ReadonlySet<string> = new Set(['confirmed', 'shipped', 'delivered', 'cancelled']);

/**
 * The changes of one order worth telling, oldest first. The first history entry is the placing (the shopper's
 * own). A cancellation because the order was not paid in time is told as that (`payment_expired`), not twice; one the
 * shopper asked for is not told at all (`shopperCancelled`: their own `order.cancel`, from any device). "Pay now"
 * holds only while the order can still be paid and nothing was tried yet (a decline is told as itself).
 */
export const orderChangesOf = (order: Order, shopperCancelled: boolean, now: number): OrderChange[] => {
  const base = { orderId: order.orderId, orderNumber: order.orderNumber };
  const changes: OrderChange[] = [];
  const payment = order.payment;
  for (const entry of order.history.slice(1)) {
    if (!STATUS_CHANGES.has(entry.status)) continue;
    if (entry.status === 'cancelled') {
      if (payment?.status === 'expired') changes.push({ ...base, change: 'payment_expired', at: entry.at });
      else if (!shopperCancelled) changes.push({ ...base, change: 'cancelled', at: entry.at });
      continue;
    }
    changes.push({ ...base, change: entry.status as OrderChangeKind, at: entry.at });
  }
  if (!payment) return changes;
  const payable = order.status === 'received' || order.status === 'confirmed';
  if (payment.status === 'awaiting' && payable && now < payment.dueBy) {
    const last = payment.attempts.at(-1);
    if (!last) changes.push({ ...base, change: 'payment_awaiting', at: order.createdAt });
    else if (last.status === 'declined') changes.push({ ...base, change: 'payment_declined', at: last.updatedAt });
  }
  if (payment.paidAt !== undefined && (payment.status === 'paid' || payment.status === 'refunded'))
    changes.push({ ...base, change: 'payment_paid', at: payment.paidAt });
  return changes;
};

/** Command outcomes (and this device's pending commands) of these types, not refused, with their payloads. */
const askedFor = (commands: readonly CommandDocument[], type: string): Record<string, unknown>[] =>
  commands.filter((c) => c.type === type && (c.status === 'succeeded' || !isSettled(c.status))).map((c) => c.payload);

/** The orders the shopper asked to cancel (their `order.cancel`, answered or still pending on this device). */
export const shopperCancelledOrders = (commands: readonly CommandDocument[]): Set<string> =>
  new Set(askedFor(commands, 'order.cancel').flatMap((p) => (typeof p['orderId'] === 'string' ? [p['orderId']] : [])));

/** The order changes acknowledged, by key: named by `notices.acknowledge` outcomes or this device's pending ones. */
export const acknowledgedOrderChanges = (commands: readonly CommandDocument[]): Set<string> => {
  const keys = new Set<string>();
  for (const payload of askedFor(commands, 'notices.acknowledge')) {
    const named = payload['orderChanges'];
    if (!Array.isArray(named)) continue;
    for (const item of named) {
      const parsed = orderChangeAcknowledgementSchema.safeParse(item);
      if (parsed.success) keys.add(orderChangeKey(parsed.data));
    }
  }
  return keys;
};

/**
 * The owner's order changes to show as lasting notices, newest first: made within the notice lifetime and not
 * acknowledged. `shopperCancelled` lists the orders the shopper cancelled themselves.
 */
export const selectOrderNotices = (
  orders: readonly Order[],
  acknowledged: ReadonlySet<string>,
  shopperCancelled: ReadonlySet<string>,
  now: number,
): OrderChange[] =>
  orders
    .flatMap((order) => orderChangesOf(order, shopperCancelled.has(order.orderId), now))
    .filter((change) => now - change.at < NOTICE_LIFETIME_MS && !acknowledged.has(orderChangeKey(change)))
    .sort((a, b) => b.at - a.at);
