import type { Cart } from '../../../schema/cart/cart.ts';
import type { OrdersDoc } from '../../../schema/orders/order.ts';
import type { WishlistDoc } from '../../../schema/wishlist/wishlist.ts';
import { readContent } from './content/content-store.ts';
import type { ReadModel, StoreCommand, StoreObservation } from './oracle.ts';

/** SQL on the store (through a live instance: instances.ts). */
export type Query = <Row>(sql: string, params?: readonly unknown[]) => Promise<Row[]>;

/** A sku's stock row set to `qty` units, as tests/support/order-world.ts sets it. */
export const setStock = async (query: Query, sku: string, qty: number): Promise<void> => {
  await query(
    `INSERT INTO stock_items (sku, product_id, is_in_stock, qty, doc, server_seq)
     SELECT s.sku, p.id, $2 > 0, $2, jsonb_build_object('sku', s.sku, 'product_id', p.id, 'is_in_stock', $2 > 0, 'qty', $2), 0
     FROM catalog_skus s JOIN catalog_products p ON p.sku = s.product_sku WHERE s.sku = $1
     ON CONFLICT (sku) DO UPDATE SET qty = EXCLUDED.qty, is_in_stock = EXCLUDED.is_in_stock`,
    [sku, qty],
  );
};

/** What the server still has to do for the run: commands not run, mails not yet sent (nor given up). */
export const backlog = async (query: Query, owners: readonly string[], addresses: readonly string[]) => {
  const [row] = await query<{ commands: string | number; mails: string | number }>(
    `SELECT (SELECT count(*) FROM commands WHERE owner = ANY($1::text[]) AND status = 'pending') AS commands,
            (SELECT count(*) FROM mail_outbox WHERE to_address = ANY($2::text[]) AND sent_at IS NULL AND failed_at IS NULL) AS mails`,
    [owners, addresses],
  );
  return { commands: Number(row?.commands), mails: Number(row?.mails) };
};

const readModels = async <Doc, T>(
  query: Query,
  table: 'carts' | 'wishlists' | 'owner_orders',
  owners: readonly string[],
  value: (doc: Doc) => T,
): Promise<ReadModel<T>[]> =>
  (
    await query<{ owner: string; doc: Doc; server_seq: string | number }>(
      `SELECT owner, doc, server_seq FROM ${table} WHERE owner = ANY($1::text[])`,
      [owners],
    )
  ).map(({ owner, doc, server_seq }) => ({ owner, serverSeq: Number(server_seq), value: value(doc) }));

/** Everything the oracle checks of the run's shoppers, read from the store. */
export const readStore = async (
  query: Query,
  run: {
    owners: readonly string[];
    addresses: readonly string[];
    stockAtStart: ReadonlyMap<string, number>;
    delivered: string[];
    /** The run's back-in-stock change, if it made one (content/content-store.ts). */
    stockAlert?: { sku: string; eventId: number } | undefined;
  },
): Promise<StoreObservation> => {
  const { owners, addresses } = run;
  const commands = await query<{
    id: string;
    client_id: string;
    seq: string | number;
    owner: string;
    type: string;
    status: string;
    server_seq: string | number;
    payload: unknown;
    result: unknown;
  }>(
    `SELECT id, client_id, seq, owner, type, status, server_seq, payload, result FROM commands WHERE owner = ANY($1::text[])`,
    [owners],
  );
  const orders = await query<{ order_id: string; owner: string; order_number: string }>(
    'SELECT order_id, owner, order_number FROM orders WHERE owner = ANY($1::text[])',
    [owners],
  );
  const orderIds = orders.map((o) => o.order_id);
  const moves = await query<{ order_id: string; sku: string; delta: string | number }>(
    'SELECT order_id, sku, delta FROM stock_moves WHERE order_id = ANY($1::uuid[])',
    [orderIds],
  );
  const stock = await query<{ sku: string; qty: string | number }>(
    'SELECT sku, qty FROM stock_items WHERE sku = ANY($1::text[])',
    [[...run.stockAtStart.keys()]],
  );
  const mails = await query<{ id: string | number; kind: string; to_address: string; subject: string; sent: boolean }>(
    `SELECT id, kind, to_address, subject, sent_at IS NOT NULL AS sent FROM mail_outbox WHERE to_address = ANY($1::text[])`,
    [addresses],
  );
  const payments = await query<{ order_id: string; status: string }>(
    'SELECT order_id, status FROM payment_attempts WHERE order_id = ANY($1::uuid[])',
    [orderIds],
  );
  return {
    commands: commands.map((c): StoreCommand => ({
      id: c.id,
      clientId: c.client_id,
      seq: Number(c.seq),
      owner: c.owner,
      type: c.type,
      status: c.status,
      serverSeq: Number(c.server_seq),
      payload: c.payload,
      result: c.result,
    })),
    carts: await readModels<Cart, [string, number][]>(query, 'carts', owners, (d) =>
      d.items.map((l) => [l.sku, l.qty]),
    ),
    wishlists: await readModels<WishlistDoc, string[]>(query, 'wishlists', owners, (d) => d.items.map((i) => i.sku)),
    ownerOrders: await readModels<OrdersDoc, [string, string][]>(query, 'owner_orders', owners, (d) =>
      d.orders.map((o) => [o.orderId, o.status]),
    ),
    orders: orders.map((o) => ({ orderId: o.order_id, owner: o.owner, orderNumber: o.order_number })),
    stockMoves: moves.map((m) => ({ orderId: m.order_id, sku: m.sku, delta: Number(m.delta) })),
    stock: stock.map((s) => ({ sku: s.sku, start: run.stockAtStart.get(s.sku)!, now: Number(s.qty) })),
    mails: mails.map((m) => ({ id: Number(m.id), kind: m.kind, to: m.to_address, subject: m.subject, sent: m.sent })),
    delivered: run.delivered,
    payments: payments.map((p) => ({ orderId: p.order_id, status: p.status })),
    content: await readContent(query, owners, run.stockAlert),
  };
};
