import { orderNumberOf, orderSchema, type Order } from '../../schema/orders/order.ts';
import type { Sql } from '../store/database.ts';

/**
 * The `orders` table (the account history's, migrations 004 and 008): one row per order, the record of truth the read
 * models are drawn from. Rows are locked when read for a change, so two transactions never move one order at once.
 * Rows without an order id are the history's own (written before orders were placed here) and are left alone.
 */

/** A stored order the schema no longer reads is left out (the caller treats it as not found), never a 500. */
const parsed = (doc: unknown): Order | undefined => {
  const result = orderSchema.safeParse(doc);
  return result.success ? result.data : undefined;
};

/**
 * The orders of these ids, their rows locked until the transaction ends (in id order: no deadlock), and `fresh`
 * new order numbers for the year of `now` from the one sequence, in the same statement (a round trip less).
 */
export const lockOrders = async (
  tx: Sql,
  orderIds: readonly string[],
  fresh = 0,
  now = Date.now(),
): Promise<{ orders: Map<string, Order>; numbers: string[] }> => {
  const ids = [...new Set(orderIds)].sort();
  const [row] = await tx.query<{ docs: unknown[] | null; numbers: (string | number)[] | null }>(
    `WITH locked AS (SELECT doc FROM orders WHERE order_id = ANY($1::uuid[]) ORDER BY order_id FOR UPDATE)
     SELECT (SELECT jsonb_agg(doc) FROM locked) AS docs,
       (SELECT array_agg(nextval('order_numbers')) FROM generate_series(1, $2::int)) AS numbers`,
    [ids, fresh],
  );
  const orders = new Map<string, Order>();
  for (const doc of row?.docs ?? []) {
    const order = parsed(doc);
    if (order) orders.set(order.orderId, order);
  }
  const year = new Date(now).getUTCFullYear();
  return { orders, numbers: (row?.numbers ?? []).map((n) => orderNumberOf(year, Number(n))) };
};

/** One order by its number, if it is this owner's (another owner's is not found). */
export const orderByNumber = async (sql: Sql, orderNumber: string, owner: string): Promise<Order | undefined> => {
  const [row] = await sql.query<{ doc: unknown }>('SELECT doc FROM orders WHERE order_number = $1 AND owner = $2', [
    orderNumber,
    owner,
  ]);
  return row ? parsed(row.doc) : undefined;
};

/** One order by its number, with its row locked (the operator's moves). */
export const lockOrderByNumber = async (tx: Sql, orderNumber: string): Promise<Order | undefined> => {
  const [row] = await tx.query<{ doc: unknown }>('SELECT doc FROM orders WHERE order_number = $1 FOR UPDATE', [
    orderNumber,
  ]);
  return row ? parsed(row.doc) : undefined;
};

/** Inserts or updates orders, in one statement. */
export const saveOrders = async (tx: Sql, orders: readonly Order[]): Promise<void> => {
  if (orders.length === 0) return;
  await tx.query(
    `INSERT INTO orders (order_id, order_number, owner, status, doc, created_at, updated_at)
     SELECT (v.doc->>'orderId')::uuid, v.doc->>'orderNumber', v.doc->>'owner', v.doc->>'status', v.doc,
       to_timestamp((v.doc->>'createdAt')::bigint / 1000.0), (v.doc->>'updatedAt')::bigint
     FROM jsonb_array_elements($1::jsonb) AS v(doc)
     ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, doc = EXCLUDED.doc, updated_at = EXCLUDED.updated_at`,
    [JSON.stringify(orders)],
  );
};

export interface OrderListFilter {
  status?: string | undefined;
  limit: number;
  /** Orders created before this time (the next page). */
  before?: number | undefined;
}

/** The operator's list: newest first, by status when asked. */
export const listOrders = async (sql: Sql, filter: OrderListFilter): Promise<Order[]> => {
  const rows = await sql.query<{ doc: unknown }>(
    `SELECT doc FROM orders
     WHERE order_id IS NOT NULL AND ($1::text IS NULL OR status = $1)
       AND ($2::bigint IS NULL OR created_at < to_timestamp($2::bigint / 1000.0))
     ORDER BY created_at DESC, order_id LIMIT $3`,
    [filter.status ?? null, filter.before ?? null, filter.limit],
  );
  return rows.flatMap((row) => parsed(row.doc) ?? []);
};

/** Every order of an owner (a login's merge moves a guest's to the user). */
export const ordersOfOwner = async (tx: Sql, owner: string): Promise<Order[]> => {
  const rows = await tx.query<{ doc: unknown }>(
    'SELECT doc FROM orders WHERE owner = $1 AND order_id IS NOT NULL ORDER BY created_at DESC FOR UPDATE',
    [owner],
  );
  return rows.flatMap((row) => parsed(row.doc) ?? []);
};
