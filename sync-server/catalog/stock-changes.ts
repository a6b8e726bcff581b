import type { Sql } from '../store/database.ts';
import { notifyChanges, PUBLIC_OWNER, reserveServerSeqs } from '../store/server-seq.ts';

/**
 * Stock figures reach devices through the cart's product list (`products`, catalog-sources.ts), which re-sends a
 * catalogue row when one of its stock items has a newer server_seq. Whatever moves stock (an order's reservation, the
 * stock service) calls this in its transaction: each changed item gets a seq of its own (a page boundary never splits
 * two rows of one seq), and the change is announced to live streams after the commit.
 */
export const markStockChanged = async (tx: Sql, skus: readonly string[]): Promise<void> => {
  const sorted = [...new Set(skus)].sort();
  if (sorted.length === 0) return;
  const first = await reserveServerSeqs(tx, sorted.length);
  await tx.query(
    `UPDATE stock_items st SET server_seq = $2::bigint + s.n - 1
     FROM (SELECT sku, row_number() OVER (ORDER BY sku) AS n FROM unnest($1::text[]) AS u(sku)) AS s
     WHERE st.sku = s.sku`,
    [sorted, first],
  );
  await notifyChanges(tx, [PUBLIC_OWNER], ['products']);
};

/** Sets the stock of one sku (the operator's and the tests' way), announced like any stock move. */
export const setStock = async (tx: Sql, sku: string, qty: number): Promise<void> => {
  await tx.query(
    `UPDATE stock_items SET qty = $2::bigint, is_in_stock = $2::bigint > 0,
       doc = doc || jsonb_build_object('qty', $2::bigint, 'is_in_stock', $2::bigint > 0)
     WHERE sku = $1`,
    [sku, qty],
  );
  await markStockChanged(tx, [sku]);
};
