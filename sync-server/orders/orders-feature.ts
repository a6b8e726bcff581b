import type { CommandType } from '../../schema/commands/registry.ts';
import { emptyOrders, ORDERS_KEPT, type Order, type OrdersDoc } from '../../schema/orders/order.ts';
import { orderCommands } from '../../schema/orders/order-commands.ts';
import { isOrderCommand } from '../../schema/orders/order-rules.ts';
import { unionOfApplied } from '../../schema/commands/applied-seqs.ts';
import type { ReadModelWrite, ServerFeature } from '../features/feature.ts';
import { lockOwnerDocuments } from '../features/owner-documents.ts';
import { openOrderBatch } from './order-batch.ts';
import { ordersOfOwner, saveOrders } from './order-store.ts';
import { ordersReadModel } from './orders-read-model.ts';

/**
 * Orders on the sync kernel (issue 16): `order.place`, `order.confirm`, `order.cancel` run the shared pure rules
 * (schema/orders) against the catalogue, stock and coupons as of the batch, exactly once; the owner's orders are
 * the `orders` read model, the order rows, stock moves and coupon redemptions are written by `persist`.
 */
export const ordersFeature: ServerFeature = {
  name: 'orders',
  commands: Object.keys(orderCommands) as CommandType[],
  readModels: [ordersReadModel],
  // Every order of the owner, not only the 100 its read model lists: the export is the whole record.
  async exportOwnerData(sql, owner) {
    const rows = await sql.query<{ doc: Record<string, unknown> }>(
      'SELECT doc FROM orders WHERE owner = $1 ORDER BY created_at, id',
      [owner],
    );
    return { orders: rows.map((row) => row.doc) };
  },

  open(tx, commands, now, documents) {
    return openOrderBatch(tx, commands.filter(isOrderCommand), now, documents);
  },

  /** A guest's orders follow the shopper to the user at login: the rows change owner, the lists join. */
  async mergeGuest(tx, guest, user, now) {
    const docs = await lockOwnerDocuments<OrdersDoc>(tx, ordersReadModel, [guest, user]);
    const moved: Order[] = (await ordersOfOwner(tx, guest)).map((order) => ({ ...order, owner: user }));
    const guestDoc = docs.get(guest) ?? { ...emptyOrders(guest), serverSeq: 0 };
    if (moved.length === 0 && guestDoc.orders.length === 0) return [];
    await saveOrders(tx, moved);
    await tx.query('UPDATE orders SET owner = $2 WHERE owner = $1 AND order_id IS NOT NULL', [guest, user]);
    const userDoc = docs.get(user) ?? { ...emptyOrders(user), serverSeq: 0 };
    const byId = new Map<string, Order>();
    for (const order of [...userDoc.orders, ...guestDoc.orders.map((o) => ({ ...o, owner: user })), ...moved])
      byId.set(order.orderId, order);
    const orders = [...byId.values()].sort((a, b) => b.createdAt - a.createdAt).slice(0, ORDERS_KEPT);
    const write = (doc: OrdersDoc): ReadModelWrite => {
      const { serverSeq: _old, ...rest } = doc;
      return { model: ordersReadModel, owner: doc.owner, doc: { ...rest, updatedAt: now } };
    };
    return [
      write({ ...userDoc, orders, applied: unionOfApplied(userDoc.applied, guestDoc.applied) }),
      write({ ...guestDoc, orders: [] }),
    ];
  },
};
