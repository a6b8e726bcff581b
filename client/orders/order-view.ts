import { checkoutTotals } from '../../schema/checkout/totals.ts';
import type { CommandDocument, CommandParseResult } from '../../schema/index.ts';
import type { Order, OrderStatus } from '../../schema/orders/order.ts';
import type { OrderPlacePayload } from '../../schema/orders/order-commands.ts';
import type { DeferredOrder } from '../lib/offline-orders-store.ts';

/**
 * An order's status as the shopper sees it: the server's, 'waiting' while the device still holds it, or 'refused'
 * when the server would not take it (sold out meanwhile, say): the server keeps no order then, only the refusal.
 */
export type ShownStatus = OrderStatus | 'waiting' | 'refused';

/** Why the server would not take an order: its code (worded by the order's texts) and the server's words. */
export interface OrderRefusalShown {
  code: string;
  message: string;
}

/**
 * An order as the pages show it: the server's, or one this device made and has not sent yet (no number yet), or one
 * the server refused (no number ever).
 */
export type ShownOrder = Omit<Order, 'orderNumber' | 'status' | 'owner'> & {
  orderNumber: string | undefined;
  status: ShownStatus;
  refusal?: OrderRefusalShown;
};

/** The order a pending `order.place` stands for: what the shopper reviewed, priced by the one totals function. */
export const waitingOrderOf = (payload: OrderPlacePayload, createdAt: number): ShownOrder => {
  const lines = payload.lines.map((line) => ({ ...line, lineTotalEur: line.unitPriceInclTaxEur * line.qty }));
  return {
    orderId: payload.orderId,
    orderNumber: undefined,
    status: 'waiting',
    details: payload.details,
    lines,
    totals: checkoutTotals({
      lines,
      shipping: payload.details.shipping.shippingMethod,
      payment: payload.details.payment.paymentMethod,
    }),
    ...(payload.couponCode ? { couponCode: payload.couponCode } : {}),
    paymentMethod: payload.details.payment.paymentMethod,
    shippingMethod: payload.details.shipping.shippingMethod,
    history: [],
    createdAt,
    updatedAt: createdAt,
  };
};

/** An order the server refused to place: what the shopper ordered, with the refusal in place of a number. */
const refusedOrderOf = (payload: OrderPlacePayload, answer: CommandDocument): ShownOrder => ({
  ...waitingOrderOf(payload, answer.createdAt),
  status: 'refused',
  refusal: {
    code: answer.error?.code ?? answer.resultCode ?? answer.status,
    message: answer.error?.message ?? '',
  },
});

/**
 * The orders shown: the server's, with this device's pending order commands folded over them, newest first. A
 * pending place, or an order waiting for the shopper's word, the server does not list yet is a "waiting to be sent" order at once (Vue Storefront 1's #5015
 * showed it only after a refresh); a pending cancel shows the order cancelled. The server's answer replaces both:
 * its order, or its refusal (the owner's refused `order.place` outcomes, from any device), so an order made offline
 * and refused on arrival stays in the history, refused and why, instead of vanishing.
 */
export const foldPendingOrders = (
  orders: readonly Order[],
  pending: readonly CommandDocument[],
  parse: (input: unknown) => CommandParseResult,
  /** Orders made offline that wait for the shopper's word before they become commands (the owner's). */
  deferred: readonly DeferredOrder[] = [],
  /** The owner's `order.place` commands the server refused (rejected or failed), as answered. */
  refused: readonly CommandDocument[] = [],
): ShownOrder[] => {
  const shown: ShownOrder[] = orders.map(({ owner: _owner, ...order }) => order);
  const known = new Set(orders.map((o) => o.orderId));
  // A command is listed as pending until the device drops it, a moment after its answer came: the answer counts.
  const answered = new Set(refused.map((c) => c.id));
  for (const doc of pending) {
    if (!doc.type.startsWith('order.') || answered.has(doc.id)) continue;
    const parsed = parse(doc);
    if (!parsed.ok) continue;
    const { command } = parsed;
    if (command.type === 'order.place' && !known.has(command.payload.orderId)) {
      shown.push(waitingOrderOf(command.payload, doc.createdAt));
      known.add(command.payload.orderId);
    }
    if (command.type === 'order.cancel') {
      const index = shown.findIndex((o) => o.orderId === command.payload.orderId);
      const order = shown[index];
      if (order && order.status !== 'shipped' && order.status !== 'delivered') {
        shown[index] = { ...order, status: 'cancelled' };
      }
    }
  }
  for (const order of deferred) {
    if (known.has(order.payload.orderId)) continue;
    shown.push(waitingOrderOf(order.payload, order.createdAt));
    known.add(order.payload.orderId);
  }
  // Newest refusal first: an order refused twice (placed again, refused again) is shown once, as last answered.
  for (const answer of [...refused].sort((a, b) => b.createdAt - a.createdAt)) {
    const parsed = parse(answer);
    if (!parsed.ok || parsed.command.type !== 'order.place') continue;
    if (known.has(parsed.command.payload.orderId)) continue;
    shown.push(refusedOrderOf(parsed.command.payload, answer));
    known.add(parsed.command.payload.orderId);
  }
  return shown.sort((a, b) => b.createdAt - a.createdAt);
};

/** Statuses in which the shopper may still cancel (spec: while not shipped). */
export const cancellable = (status: ShownStatus): boolean =>
  status === 'received' || status === 'needs_confirmation' || status === 'confirmed';
