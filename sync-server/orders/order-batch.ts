import { withAppliedSeq } from '../../schema/commands/applied-seqs.ts';
import { checkCoupon, couponEmailKey, normaliseCouponCode, usesByCustomer } from '../../schema/coupons/coupon.ts';
import type { Order, OrdersDoc } from '../../schema/orders/order.ts';
import {
  decideOrder,
  evolveOrders,
  removeOrderedLines,
  withOrderApplied,
  type OrderCommand,
  type OrderContext,
  type OrderEvent,
} from '../../schema/orders/order-rules.ts';
import type { CouponVerdict, StockLevel } from '../../schema/orders/revalidate.ts';
import { accountEmailsOf } from '../accounts/account-emails.ts';
import { enqueueMails } from '../accounts/outbox.ts';
import { CartSession } from '../cart/cart-session.ts';
import { loadCouponsForUpdate, recordRedemptions, type CouponState, type Redemption } from '../coupons/index.ts';
import { batchKey } from '../features/batch-documents.ts';
import { outcomeOf, type BatchDocuments, type FeatureBatch } from '../features/feature.ts';
import type { Sql } from '../store/database.ts';
import { orderMail } from './order-mail.ts';
import { lockOrders, saveOrders } from './order-store.ts';
import { ordersReadModel } from './orders-read-model.ts';
import { paymentSettings } from '../payments/payment-settings.ts';
import { applyStockMoves, lockStock, type OrderStockMove } from './stock.ts';

/**
 * One batch of order commands, inside the batch's transaction. Opening locks, in this order: the orders named
 * (by id), the owners' orders documents, their carts (priced at each owner's customer group, with the products),
 * the stock rows of every sku concerned (sku order) and the coupons (code order): every transaction that touches
 * shared rows (stock, coupons) takes them in that one order, so none waits for another in a circle. The commands
 * then run by the pure rules against that state, which each accepted event changes in memory (a second order for
 * the last unit in the same batch sees it gone); `persist` writes the orders, stock moves, redemptions and mails.
 */
/**
 * The orders a batch has locked, by id, one map for the batch's order and payment commands (payments-feature.ts,
 * registered after this one): a payment started after its order was placed in the same batch sees it, and an order
 * cancelled after a payment started sees the payment. Shared through the batch's documents (BatchDocuments.share).
 */
export const BATCH_ORDERS = batchKey<Map<string, Order>>('orders');

/** Locks the orders of `ids` the batch does not hold yet (in id order, as lockOrders does) into the batch's map. */
export const lockBatchOrders = async (
  tx: Sql,
  documents: BatchDocuments,
  ids: readonly string[],
): Promise<Map<string, Order>> => {
  const orders = await documents.share(BATCH_ORDERS, async () => new Map<string, Order>());
  const missing = ids.filter((id) => !orders.has(id));
  if (missing.length > 0) for (const [id, order] of (await lockOrders(tx, missing)).orders) orders.set(id, order);
  return orders;
};

export const openOrderBatch = async (
  tx: Sql,
  commands: readonly OrderCommand[],
  now: number,
  documents: BatchDocuments,
): Promise<FeatureBatch> => {
  const owners = [...new Set(commands.map((c) => c.owner))];
  const placing = commands.filter((c) => c.type === 'order.place');
  // A number for every order placed (one already stored keeps its own: a retry leaves a gap, which is fine).
  const placedIds = [...new Set(placing.map((c) => c.payload.orderId))];
  const { orders: locked, numbers: allocated } = await lockOrders(
    tx,
    commands.map((c) => c.payload.orderId),
    placedIds.length,
    now,
  );
  const orders = await documents.share(BATCH_ORDERS, async () => new Map<string, Order>());
  for (const [id, order] of locked) orders.set(id, order);
  await documents.lock(ordersReadModel, owners);

  const skus = [
    ...placing.flatMap((c) => c.payload.lines.map((line) => line.sku)),
    ...commands.flatMap((c) =>
      c.type === 'order.place' ? [] : (orders.get(c.payload.orderId)?.lines ?? []).map((l) => l.sku),
    ),
  ];
  const carts = await CartSession.load(
    tx,
    commands.filter((c) => c.type !== 'order.cancel').map((c) => c.owner),
    { skus, now, documents },
  );
  const stock = await lockStock(tx, skus);
  const codes = [
    ...placing.flatMap((c) => (c.payload.couponCode ? [c.payload.couponCode] : [])),
    ...commands.flatMap((c) => (c.type === 'order.confirm' ? (orders.get(c.payload.orderId)?.couponCode ?? []) : [])),
  ].map(normaliseCouponCode);
  // The order's e-mail, which a personal code must be for and a once-per-customer limit counts: a logged-in owner's
  // account address, else the checkout's.
  const accountEmails = codes.length > 0 ? await accountEmailsOf(tx, owners) : new Map<string, string>();
  const orderEmailOf = (owner: string, checkoutEmail: string | undefined): string | undefined =>
    accountEmails.get(owner) ?? checkoutEmail;
  const emailKeys = commands.flatMap((c) => {
    const details = c.type === 'order.place' ? c.payload.details : orders.get(c.payload.orderId)?.details;
    const email = orderEmailOf(c.owner, details?.personal.emailAddress);
    return email === undefined ? [] : [couponEmailKey(email)];
  });
  const coupons: Map<string, CouponState> =
    codes.length > 0 ? await loadCouponsForUpdate(tx, codes, owners, emailKeys) : new Map();
  const numbers = new Map(placedIds.map((id, i) => [id, i]));

  const savedOrders = new Map<string, Order>();
  const moves: OrderStockMove[] = [];
  const redemptions: Redemption[] = [];

  const settings = paymentSettings();
  const contextOf = (owner: string): OrderContext => ({
    now,
    products: carts.products,
    pricing: carts.pricingOf(owner),
    stock: (sku) => stock.get(sku),
    coupon: (code, subtotalInclTaxEur, checkoutEmail): CouponVerdict | undefined => {
      const state = coupons.get(normaliseCouponCode(code));
      if (!state) return undefined;
      const orderEmail = orderEmailOf(owner, checkoutEmail);
      return checkCoupon(state.coupon, {
        subtotalInclTaxEur,
        now,
        usedTotal: state.usedTotal,
        usedByCustomer: usesByCustomer(state.uses, owner, orderEmail),
        ...(orderEmail !== undefined ? { orderEmail } : {}),
      });
    },
    existing: (orderId) => orders.get(orderId),
    orderNumberFor: (orderId) => allocated[numbers.get(orderId) ?? -1] ?? '',
    payments: { dueMs: settings.dueMs, available: (provider) => settings.gateways[provider] !== undefined },
  });

  const apply = (event: OrderEvent, command: OrderCommand): void => {
    const { order } = event;
    orders.set(order.orderId, order);
    savedOrders.set(order.orderId, order);
    for (const move of event.stock) {
      const level = stock.get(move.sku);
      if (level && level.qty !== null) stock.set(move.sku, nextLevel(level, move.delta));
      moves.push({ ...move, orderId: order.orderId, reason: move.delta < 0 ? 'reserve' : 'release' });
    }
    if (event.redeemsCoupon) {
      const code = normaliseCouponCode(event.redeemsCoupon.code);
      const state = coupons.get(code);
      const email = orderEmailOf(order.owner, order.details.personal.emailAddress);
      const emailKey = email === undefined ? null : couponEmailKey(email);
      if (state) {
        state.usedTotal += 1;
        state.uses.push({ owner: order.owner, emailKey });
      }
      redemptions.push({
        code,
        owner: order.owner,
        ...(emailKey !== null ? { emailKey } : {}),
        orderId: order.orderId,
        discountEur: event.redeemsCoupon.discountEur,
        at: now,
      });
    }
    // The ordered lines leave the cart now, so the batch's next cart command sees the cart without them.
    if (event.leavesCart) {
      const cart = carts.get(order.owner);
      const left = removeOrderedLines(cart, order.lines, now);
      // The cart records the order's seq: a device folding its pending order into the cart view stops once the
      // cart it holds already went without the lines (else the removal is shown twice until the answer comes).
      if (left !== cart) carts.set(order.owner, withAppliedSeq(left, command.clientId, command.seq));
    }
  };

  return {
    handle(command) {
      const own = command as OrderCommand;
      const decision = decideOrder(own, contextOf(own.owner));
      const doc = documents.get<OrdersDoc>(ordersReadModel, own.owner);
      const next = decision.kind === 'accepted' && decision.event ? evolveOrders(doc, decision.event, now) : doc;
      if (decision.kind === 'accepted' && decision.event) apply(decision.event, own);
      documents.set(ordersReadModel, own.owner, withOrderApplied(next, own));
      return outcomeOf(
        decision.kind === 'accepted'
          ? { kind: 'accepted', result: decision.result }
          : { kind: 'rejected', code: decision.code, message: decision.message, field: `payload.${decision.field}` },
      );
    },

    async persist(tx) {
      const saved = [...savedOrders.values()];
      // Each order as the whole batch left it (the shared map): a payment command of the batch may have changed it
      // after its order command did, and the features persist in the order their first commands came, so this copy
      // may be written after the payment feature's and must not undo it. The mails are the order events' own.
      await saveOrders(
        tx,
        saved.map((order) => orders.get(order.orderId) ?? order),
      );
      await applyStockMoves(tx, moves, now);
      if (redemptions.length > 0) await recordRedemptions(tx, redemptions);
      await enqueueMails(tx, saved.map(orderMail));
    },
  };
};

const nextLevel = (level: StockLevel, delta: number): StockLevel => {
  const qty = Math.max(0, (level.qty ?? 0) + delta);
  return { isInStock: qty > 0, qty };
};
