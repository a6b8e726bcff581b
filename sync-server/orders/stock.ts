import type { StockLevel } from '../../schema/orders/revalidate.ts';
import type { StockMove } from '../../schema/orders/order-rules.ts';
import { CATALOG_TABLES } from '../catalog/catalog-tables.ts';
import type { Sql } from '../store/database.ts';
import { CHANGES_CHANNEL, PUBLIC_OWNER, type ChangeNotice } from '../store/server-seq.ts';

/**
 * Stock as orders reserve and release it: the `stock_items` rows (migrations/server/002_catalog.sql), which win over
 * the figures copied into the product documents. Rows are locked in sku order, so two orders never deadlock, and
 * read by the locking statement, so an order waiting for another sees what that one left.
 */

/**
 * Locks the stock rows of these skus and returns their figures. A sellable sku without a row (a configurable
 * product's variant: the catalogue writes stock items of whole products) gets one first, from its product
 * document's figures, so that there is a row to lock and to count down.
 */
export const lockStock = async (tx: Sql, skus: readonly string[]): Promise<Map<string, StockLevel>> => {
  const sorted = [...new Set(skus)].sort();
  if (sorted.length === 0) return new Map();
  const lock = (list: string[]) =>
    tx.query<{ sku: string; is_in_stock: boolean; qty: string | number }>(
      'SELECT sku, is_in_stock, qty FROM stock_items WHERE sku = ANY($1::text[]) ORDER BY sku FOR UPDATE',
      [list],
    );
  const rows = await lock(sorted);
  const missing = sorted.filter((sku) => !rows.some((row) => row.sku === sku));
  if (missing.length > 0) {
    // The variant's figures are in its parent's document (configurable_children); a product's own in its document.
    await tx.query(
      `INSERT INTO stock_items (sku, product_id, is_in_stock, qty, doc, server_seq)
       SELECT s.sku, COALESCE((child->>'id')::bigint, p.id), figures.is_in_stock, figures.qty,
         jsonb_build_object('sku', s.sku, 'product_id', COALESCE((child->>'id')::bigint, p.id),
           'is_in_stock', figures.is_in_stock, 'qty', figures.qty), 0
       FROM catalog_skus s JOIN catalog_products p ON p.sku = s.product_sku
       LEFT JOIN LATERAL (
         SELECT c AS child FROM jsonb_array_elements(p.doc->'configurable_children') AS c WHERE c->>'sku' = s.sku LIMIT 1
       ) AS ch ON s.sku <> s.product_sku
       CROSS JOIN LATERAL (
         SELECT COALESCE((COALESCE(child, p.doc)->'stock'->>'is_in_stock')::boolean, false) AS is_in_stock,
           COALESCE((COALESCE(child, p.doc)->'stock'->>'qty')::bigint, 0) AS qty
       ) AS figures
       WHERE s.sku = ANY($1::text[])
       ON CONFLICT (sku) DO NOTHING`,
      [missing],
    );
    rows.push(...(await lock(missing)));
  }
  return new Map(rows.map((row) => [row.sku, { isInStock: row.is_in_stock, qty: Number(row.qty) }]));
};

/** A stock move of an order, recorded once (stock_moves' key: order, sku, reason). */
export interface OrderStockMove extends StockMove {
  orderId: string;
  reason: 'reserve' | 'release';
}

/**
 * Applies orders' stock moves to the locked rows: records each move once (a move already recorded for the order,
 * sku and reason changes nothing) and changes the row by it, never below zero, out of stock at zero; the changed
 * rows get new server sequences as the catalogue's writes do, so what devices are sent of stock follows.
 */
export const applyStockMoves = async (tx: Sql, moves: readonly OrderStockMove[], now: number): Promise<void> => {
  // One move per order, sku and reason (an order of two lines of one sku moves it once, by their sum).
  const merged = new Map<string, OrderStockMove>();
  for (const move of moves) {
    const key = `${move.orderId}|${move.sku}|${move.reason}`;
    const prior = merged.get(key);
    merged.set(key, prior ? { ...prior, delta: prior.delta + move.delta } : { ...move });
  }
  if (merged.size === 0) return;
  const collections = [...CATALOG_TABLES.stockItems.collections];
  // The sequence numbers are taken in the statement (a round trip less): from here the counter row is held until
  // COMMIT, as reserveServerSeqs says, and the effects writer's reservation follows in the same transaction.
  await tx.query(
    `WITH counter AS (
       UPDATE sync_counter SET value = value + $3 WHERE id = 1 RETURNING value - $3 + 1 AS first
     ),
     moves AS (
       SELECT v.*, row_number() OVER (ORDER BY v.sku, v.order_id) - 1 AS n
       FROM jsonb_to_recordset($1::jsonb) AS v(order_id uuid, sku text, reason text, delta bigint)
     ),
     recorded AS (
       INSERT INTO stock_moves (order_id, sku, reason, delta, at)
       SELECT order_id, sku, reason, delta, $2 FROM moves
       ON CONFLICT DO NOTHING
       RETURNING sku, delta
     ),
     per_sku AS (SELECT sku, sum(delta) AS delta FROM recorded GROUP BY sku),
     numbered AS (SELECT sku, min(n) AS n FROM moves GROUP BY sku),
     updated AS (
       UPDATE stock_items AS s SET qty = GREATEST(0, s.qty + p.delta),
         is_in_stock = GREATEST(0, s.qty + p.delta) > 0,
         doc = s.doc || jsonb_build_object('qty', GREATEST(0, s.qty + p.delta), 'is_in_stock', GREATEST(0, s.qty + p.delta) > 0),
         server_seq = counter.first + numbered.n
       FROM counter, per_sku AS p JOIN numbered ON numbered.sku = p.sku
       WHERE s.sku = p.sku
       RETURNING 1
     )
     SELECT CASE WHEN $4::text IS NOT NULL AND count(*) > 0 THEN pg_notify($5, $4) END AS notified FROM updated`,
    [
      JSON.stringify(
        [...merged.values()].map((m) => ({ order_id: m.orderId, sku: m.sku, reason: m.reason, delta: m.delta })),
      ),
      now,
      merged.size,
      // The devices' stock is announced in the same statement (a round trip less), as notifyChanges would.
      collections.length > 0 ? JSON.stringify({ owners: [PUBLIC_OWNER], collections } satisfies ChangeNotice) : null,
      CHANGES_CHANNEL,
    ],
  );
};
