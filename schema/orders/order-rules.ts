import type { TypedCommand } from '../commands/registry.ts';
import { withAppliedSeq } from '../commands/applied-seqs.ts';
import type { OrderResult } from './order-commands.ts';
import { checkCreditFigures } from '../credit/details.ts';
import type { PaymentProvider } from '../payments/payment.ts';
import { initialPayment, onlineProviderOf } from '../payments/initial-payment.ts';
import { ORDERS_KEPT, type Order, type OrderStatus, type OrdersDoc } from './order.ts';
import {
  orderRefusal,
  revalidateOrder,
  reviewedTotalHolds,
  type OrderRefusal,
  type RevalidationContext,
} from './revalidate.ts';

/**
 * The order's life cycle as pure rules (decide/evolve, as the cart's): placing, the shopper's confirmation of changed
 * figures, cancelling, and the operator's status moves. Stock is reserved while an order is received, confirmed,
 * shipped or delivered; an order waiting for confirmation or cancelled holds none.
 */

export type OrderCommand = TypedCommand<'order.place' | 'order.confirm' | 'order.cancel'>;

export const isOrderCommand = (command: TypedCommand): command is OrderCommand => command.type.startsWith('order.');

/** Statuses that hold the order's stock. */
export const RESERVING_STATUSES: ReadonlySet<OrderStatus> = new Set(['received', 'confirmed', 'shipped', 'delivered']);

/** The operator's allowed moves; anything else is refused (HTTP 409). */
export const OPERATOR_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  needs_confirmation: ['cancelled'],
  received: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Statuses from which the shopper may cancel (not yet shipped). */
export const SHOPPER_CANCELLABLE: ReadonlySet<OrderStatus> = new Set(['received', 'needs_confirmation', 'confirmed']);

/** A change of stock: negative reserves, positive releases. */
export interface StockMove {
  sku: string;
  delta: number;
}

/** What happened to an order: its new state, the stock it moves and whether its lines leave the cart. */
export interface OrderEvent {
  order: Order;
  stock: StockMove[];
  /** Placed now: the ordered quantities leave the owner's cart. */
  leavesCart: boolean;
  /** Granted the coupon now (a redemption to record). */
  redeemsCoupon?: { code: string; discountEur: number };
}

export type OrderDecision = { kind: 'accepted'; result: OrderResult; event?: OrderEvent } | OrderRefusal;

export interface OrderContext extends RevalidationContext {
  now: number;
  /** The order with this id, wherever it is stored (owner included), or undefined. */
  existing: (orderId: string) => Order | undefined;
  /** The order number allocated for a new order of this id. */
  orderNumberFor: (orderId: string) => string;
  /**
   * Online payments (issue 17): how long an order may wait for its payment, and which providers this server is
   * configured for (a method whose provider is not is refused). Absent (the client's optimistic view), an order
   * paid online is placed without its `payment`, which the server's answer brings.
   */
  payments?: { dueMs: number; available: (provider: PaymentProvider) => boolean };
}

const resultOf = (order: Order): OrderResult => ({
  orderId: order.orderId,
  orderNumber: order.orderNumber,
  status: order.status,
  ...(order.status === 'needs_confirmation' && order.differences ? { differences: order.differences } : {}),
});

const reserving = (order: Order): StockMove[] => order.lines.map((line) => ({ sku: line.sku, delta: -line.qty }));
const releasing = (order: Order): StockMove[] => order.lines.map((line) => ({ sku: line.sku, delta: line.qty }));

const moved = (order: Order, status: OrderStatus, now: number): Order => ({
  ...order,
  status,
  history: [...order.history, { status, at: now }],
  updatedAt: now,
});

export const decideOrder = (command: OrderCommand, ctx: OrderContext): OrderDecision => {
  switch (command.type) {
    case 'order.place':
      return decidePlace(command, ctx);
    case 'order.confirm':
      return decideConfirm(command, ctx);
    case 'order.cancel':
      return decideCancel(command.owner, command.payload.orderId, ctx);
  }
};

const decidePlace = (command: TypedCommand<'order.place'>, ctx: OrderContext): OrderDecision => {
  const { payload, owner } = command;
  const existing = ctx.existing(payload.orderId);
  // The same order placed again (a retry, a second tab, POST /api/order repeated): the one order it is.
  if (existing) {
    return existing.owner === owner
      ? { kind: 'accepted', result: resultOf(existing) }
      : orderRefusal('order_exists', 'orderId');
  }
  const input = {
    lines: payload.lines,
    shippingMethod: payload.details.shipping.shippingMethod,
    paymentMethod: payload.details.payment.paymentMethod,
    couponCode: payload.couponCode,
    checkoutEmail: payload.details.personal.emailAddress,
    reviewedTotalEur: payload.reviewedTotalEur,
  };
  if (!reviewedTotalHolds(input)) return orderRefusal('total_mismatch', 'reviewedTotalEur');
  const provider = onlineProviderOf(input.paymentMethod);
  if (provider && ctx.payments && !ctx.payments.available(provider))
    return orderRefusal('payment_unavailable', 'details.payment.paymentMethod');
  const checked = revalidateOrder(input, ctx);
  if (checked.kind === 'refused') return checked;
  const held = checked.differences.length > 0;
  const creditRefusal = held ? undefined : creditMismatch(payload.details.payment.credit, checked.totals.grandTotalEur);
  if (creditRefusal) return creditRefusal;
  const status: OrderStatus = held ? 'needs_confirmation' : 'received';
  // Paid online: awaiting its payment from now (payment-rules.ts); not paid by the due time, it is cancelled.
  const payment = ctx.payments ? initialPayment(input.paymentMethod, ctx.now, ctx.payments.dueMs) : undefined;
  const order: Order = {
    orderId: payload.orderId,
    orderNumber: ctx.orderNumberFor(payload.orderId),
    owner,
    status,
    details: payload.details,
    lines: checked.lines,
    totals: checked.totals,
    ...(payload.couponCode ? { couponCode: payload.couponCode } : {}),
    ...(held ? { differences: checked.differences } : {}),
    paymentMethod: payload.details.payment.paymentMethod,
    ...(payment ? { payment } : {}),
    shippingMethod: payload.details.shipping.shippingMethod,
    history: [{ status, at: ctx.now }],
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  return accepted(order, !held, checked.couponGranted && !held);
};

/**
 * An order on credit must borrow what it charges: the down payment and the credit make the order's total as charged
 * (the schema already refused forged instalments and rates; only the total needs the order).
 */
const creditMismatch = (
  credit: Order['details']['payment']['credit'],
  grandTotalEur: number,
): OrderRefusal | undefined => {
  if (!credit) return undefined;
  const check = checkCreditFigures(credit, grandTotalEur);
  return check.ok
    ? undefined
    : orderRefusal('credit_figures_invalid', `details.payment.credit.${check.field}`, check.message);
};

const accepted = (order: Order, placed: boolean, couponGranted: boolean): OrderDecision => ({
  kind: 'accepted',
  result: resultOf(order),
  event: {
    order,
    stock: placed ? reserving(order) : [],
    leavesCart: placed,
    ...(couponGranted && order.couponCode
      ? { redeemsCoupon: { code: order.couponCode, discountEur: order.totals.discountEur } }
      : {}),
  },
});

const ownOrder = (owner: string, orderId: string, ctx: OrderContext): Order | OrderRefusal => {
  const order = ctx.existing(orderId);
  // Another owner's order is "not found": nothing to learn about it.
  return order && order.owner === owner ? order : orderRefusal('order_not_found', 'orderId');
};

const decideConfirm = (command: TypedCommand<'order.confirm'>, ctx: OrderContext): OrderDecision => {
  const order = ownOrder(command.owner, command.payload.orderId, ctx);
  if ('kind' in order) return order;
  if (order.status !== 'needs_confirmation') {
    // Confirmed already (a retry): the order as it is. A cancelled one cannot be confirmed.
    return order.status === 'cancelled'
      ? orderRefusal('order_not_confirmable', 'orderId')
      : { kind: 'accepted', result: resultOf(order) };
  }
  const checked = revalidateOrder(
    {
      lines: order.lines,
      shippingMethod: order.shippingMethod,
      paymentMethod: order.paymentMethod,
      couponCode: order.differences?.some((d) => d.field === 'couponCode') ? undefined : order.couponCode,
      checkoutEmail: order.details.personal.emailAddress,
      reviewedTotalEur: command.payload.acceptedTotalEur,
    },
    ctx,
  );
  if (checked.kind === 'refused') return checked;
  const { differences: _old, ...rest } = order;
  const held = checked.differences.length > 0;
  // A credit applied for on the old figures is not the credit this total needs: the shopper places the order again.
  const creditRefusal = held ? undefined : creditMismatch(order.details.payment.credit, checked.totals.grandTotalEur);
  if (creditRefusal) return creditRefusal;
  const status: OrderStatus = held ? 'needs_confirmation' : 'received';
  const next: Order = {
    ...moved(rest, status, ctx.now),
    lines: checked.lines,
    totals: checked.totals,
    ...(held ? { differences: checked.differences } : {}),
  };
  if (!checked.couponGranted && !held) delete next.couponCode;
  return accepted(next, !held, checked.couponGranted && !held);
};

export const decideCancel = (owner: string, orderId: string, ctx: OrderContext): OrderDecision => {
  const order = ownOrder(owner, orderId, ctx);
  if ('kind' in order) return order;
  if (order.status === 'cancelled') return { kind: 'accepted', result: resultOf(order) };
  if (!SHOPPER_CANCELLABLE.has(order.status)) return orderRefusal('order_not_cancellable', 'orderId');
  // A payment open at the provider may be taken any moment: the shopper waits for its result (or the reconciler's).
  if (order.payment?.status === 'processing') return orderRefusal('order_not_cancellable', 'orderId');
  return cancelled(order, ctx.now);
};

const cancelled = (order: Order, now: number): OrderDecision => {
  const next = moved(order, 'cancelled', now);
  return {
    kind: 'accepted',
    result: resultOf(next),
    event: { order: next, stock: RESERVING_STATUSES.has(order.status) ? releasing(order) : [], leavesCart: false },
  };
};

/** An operator's move of an order (the console's): allowed moves only; a refusal is the route's 409. */
export const decideStatusMove = (
  order: Order,
  to: OrderStatus,
  now: number,
): { kind: 'accepted'; event: OrderEvent } | { kind: 'refused'; code: 'status_move_invalid'; message: string } => {
  if (!OPERATOR_MOVES[order.status].includes(to)) {
    return { kind: 'refused', code: 'status_move_invalid', message: `an order ${order.status} cannot become ${to}` };
  }
  if (to === 'cancelled') {
    const decision = cancelled(order, now);
    return { kind: 'accepted', event: (decision as { event: OrderEvent }).event };
  }
  return { kind: 'accepted', event: { order: moved(order, to, now), stock: [], leavesCart: false } };
};

/** The owner's orders with the event's order written in: replaced where it was, else first (newest first). */
export const evolveOrders = (doc: OrdersDoc, event: Pick<OrderEvent, 'order'>, now: number): OrdersDoc => {
  const others = doc.orders.filter((o) => o.orderId !== event.order.orderId);
  const at = doc.orders.findIndex((o) => o.orderId === event.order.orderId);
  const orders = at === -1 ? [event.order, ...others] : doc.orders.map((o, i) => (i === at ? event.order : o));
  return { ...doc, orders: orders.slice(0, ORDERS_KEPT), updatedAt: now };
};

/** The orders read model after a command ran: its applied seq advanced (the optimistic view counts it once). */
export const withOrderApplied = (doc: OrdersDoc, command: Pick<TypedCommand, 'clientId' | 'seq'>): OrdersDoc =>
  withAppliedSeq(doc, command.clientId, command.seq);

/** The cart after an order was placed from it: a cart rule (schema/cart/ordered-lines.ts), the server's and the view's. */
export { removeOrderedLines } from '../cart/ordered-lines.ts';
