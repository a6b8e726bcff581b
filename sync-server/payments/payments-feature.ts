import type { CommandType, TypedCommand } from '../../schema/commands/registry.ts';
import type { Order, OrdersDoc } from '../../schema/orders/order.ts';
import { evolveOrders, withOrderApplied } from '../../schema/orders/order-rules.ts';
import { paymentCommands } from '../../schema/payments/payment-commands.ts';
import { decideStart, decideSwitchToOffline, withProviderRef } from '../../schema/payments/payment-rules.ts';
import { CartSession } from '../cart/cart-session.ts';
import {
  outcomeOf,
  type BatchDocuments,
  type FeatureBatch,
  type Outcome,
  type ServerFeature,
} from '../features/feature.ts';
import { lockBatchOrders } from '../orders/order-batch.ts';
import { saveOrders } from '../orders/order-store.ts';
import { ordersReadModel } from '../orders/orders-read-model.ts';
import type { Sql } from '../store/database.ts';
import { insertAttempts, takeProviderRefs, type NewAttemptRow } from './attempt-store.ts';

type PaymentCommand = TypedCommand<'payment.start' | 'payment.switchToOffline'>;

/**
 * `payment.start` and `payment.switchToOffline` on the sync kernel, exactly once like every command. Registered
 * after the orders feature: it works on the batch's orders (order-batch.ts, BATCH_ORDERS) and the batch's orders
 * documents, so a payment started after its order was placed in the same batch sees it. The orders no order command
 * of the batch opened it locks, as the orders batch does, then the owners' orders documents.
 *
 * `payment.start` makes the attempt (schema/payments/payment-rules.ts decideStart) and its row in
 * `payment_attempts` with its provider reference: BORICA's ORDER (and the credit application's number) from a
 * sequence taken in `open`, PayPal's order id later, when `begin` creates it. Nothing is sent to a provider here:
 * the browser asks POST /api/payments/:attemptId/begin once the attempt is committed.
 */
export const paymentsFeature: ServerFeature = {
  name: 'payments',
  commands: Object.keys(paymentCommands) as CommandType[],
  readModels: [],
  // Each payment attempt: its provider, state and verdict (a card only as the provider masked it).
  async exportOwnerData(sql, owner) {
    const rows = await sql.query<{ order_id: string; provider: string; status: string; verdict: unknown }>(
      `SELECT order_id::text AS order_id, provider, status, verdict FROM payment_attempts WHERE owner = $1
       ORDER BY created_at`,
      [owner],
    );
    return {
      attempts: rows.map((row) => ({
        orderId: row.order_id,
        provider: row.provider,
        status: row.status,
        verdict: row.verdict,
      })),
    };
  },
  open(tx, commands, now, documents) {
    return openPaymentBatch(tx, commands as readonly PaymentCommand[], now, documents);
  },
};

const openPaymentBatch = async (
  tx: Sql,
  commands: readonly PaymentCommand[],
  now: number,
  documents: BatchDocuments,
): Promise<FeatureBatch> => {
  const ids = [...new Set(commands.map((c) => c.payload.orderId))];
  const owners = [...new Set(commands.map((c) => c.owner))];
  // The batch's orders (those its order commands opened, with their changes so far), the ones they did not open
  // locked here (ids in order, as lockOrders does), then the owners' documents.
  const orders = await lockBatchOrders(tx, documents, ids);
  await documents.lock(ordersReadModel, owners);

  // A BORICA ORDER for every start that may need one (an order placed earlier in this batch is not known yet: one
  // is taken for it too; an unused one is a gap in the sequence, which is fine).
  const starts = commands.filter(
    (c) => c.type === 'payment.start' && (orders.get(c.payload.orderId)?.payment?.provider ?? 'borica') === 'borica',
  ).length;
  const refs = starts > 0 ? await takeProviderRefs(tx, starts) : [];
  const switching = commands.filter((c) => c.type === 'payment.switchToOffline');
  const skus = switching.flatMap((c) => (orders.get(c.payload.orderId)?.lines ?? []).map((l) => l.sku));
  const products = skus.length > 0 ? (await CartSession.load(tx, [], { skus, now })).products : () => undefined;

  const changedOrders = new Set<string>();
  const attempts: NewAttemptRow[] = [];

  const own = (command: PaymentCommand): Order | undefined => {
    const order = orders.get(command.payload.orderId);
    // Another owner's order is "not found": nothing to learn about it.
    return order && order.owner === command.owner ? order : undefined;
  };

  const write = (order: Order): void => {
    orders.set(order.orderId, order);
    changedOrders.add(order.orderId);
    const doc = documents.get<OrdersDoc>(ordersReadModel, order.owner);
    documents.set(ordersReadModel, order.owner, evolveOrders(doc, { order }, now));
  };

  const start = (command: TypedCommand<'payment.start'>): Outcome => {
    const decision = decideStart(own(command), command.id, now);
    if (decision.kind === 'refused') return refused(decision);
    let { order, attempt } = decision;
    if (decision.fresh) {
      const provider = order.payment!.provider;
      // BORICA's ORDER is ours; PayPal's order id and the credit application's number come from `begin`.
      const providerRef = provider === 'borica' ? (refs.shift() ?? '') : '';
      order = withProviderRef(order, attempt.attemptId, providerRef, now);
      attempt = { ...attempt, providerRef };
      write(order);
      attempts.push({
        attemptId: attempt.attemptId,
        orderId: order.orderId,
        owner: order.owner,
        provider,
        providerRef,
        now,
      });
    }
    return {
      status: 'succeeded',
      result: { orderId: order.orderId, attemptId: attempt.attemptId, providerRef: attempt.providerRef },
    };
  };

  const switchToOffline = (command: TypedCommand<'payment.switchToOffline'>): Outcome => {
    const order = own(command);
    const lineTypes = (order?.lines ?? []).map((line) => ({ typeId: products(line.sku)?.typeId }));
    const decision = decideSwitchToOffline(order, command.payload.paymentMethod, lineTypes, now);
    if (decision.kind === 'refused') return refused(decision);
    if (decision.changed) write(decision.order);
    return {
      status: 'succeeded',
      result: { orderId: decision.order.orderId, paymentMethod: command.payload.paymentMethod },
    };
  };

  return {
    handle(command) {
      const payment = command as PaymentCommand;
      const outcome = payment.type === 'payment.start' ? start(payment) : switchToOffline(payment);
      // Every payment command is applied to its owner's orders document, refused or not (the device's fold).
      const doc = documents.get<OrdersDoc>(ordersReadModel, payment.owner);
      documents.set(ordersReadModel, payment.owner, withOrderApplied(doc, payment));
      return outcome;
    },

    async persist(tx) {
      await saveOrders(
        tx,
        [...changedOrders].flatMap((id) => orders.get(id) ?? []),
      );
      await insertAttempts(tx, attempts);
    },
  };
};

const refused = (decision: { code: string; message: string; field: string }): Outcome =>
  outcomeOf({ kind: 'rejected', code: decision.code, message: decision.message, field: `payload.${decision.field}` });
