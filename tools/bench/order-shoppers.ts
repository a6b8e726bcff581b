/**
 * Shoppers who order, as the benches make them by hand (bench:orders, and the orders core of bench:ops' logging
 * cost): a guest cart each, a product of its own, its commands built as a device builds them.
 */
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { checkoutTotals, unitPriceEurOf } from '../../schema/checkout/totals.ts';
import type { CommandDocument } from '../../schema/commands/envelope.ts';
import type { Sql } from '../../sync-server/store/database.ts';
import { validDetails } from '../../tests/support/orders.ts';
import type { GuestCart } from './raw-client.ts';

export interface Shopper extends GuestCart {
  clientId: string;
  seq: number;
  sku: string;
  /** The product's price as the shopper's cart priced it (order.place carries the price the shopper reviewed). */
  unitEur: number;
}

/** The shopper's next command, pending, as its device pushes it. */
export const shopperCommand = (
  s: Pick<Shopper, 'owner' | 'clientId' | 'seq'>,
  type: string,
  payload: Record<string, unknown>,
): CommandDocument => ({
  id: uuidv7(),
  type,
  payload,
  owner: s.owner,
  clientId: s.clientId,
  seq: ++s.seq,
  createdAt: Date.now(),
  status: 'pending',
  serverSeq: 0,
});

/** One unit of the shopper's product, a guest paying cash on delivery, at the price its cart showed. */
export const placeOrder = (s: Shopper): CommandDocument => {
  const lines = [{ lineId: s.sku, sku: s.sku, name: s.sku, qty: 1, unitPriceInclTaxEur: s.unitEur, options: {} }];
  const { grandTotalEur } = checkoutTotals({ lines, shipping: 'courier', payment: 'cashondelivery' });
  return shopperCommand(s, 'order.place', {
    orderId: uuidv4(),
    details: validDetails,
    lines,
    reviewedTotalEur: grandTotalEur,
  });
};

export const addToCart = (s: Shopper): CommandDocument =>
  shopperCommand(s, 'cart.addItem', { sku: s.sku, qty: 1, options: {} });

export const setStock = (db: Sql, skus: readonly string[], qty: number) =>
  db.query(
    `INSERT INTO stock_items (sku, product_id, is_in_stock, qty, doc, server_seq)
     SELECT s.sku, p.id, $2 > 0, $2, jsonb_build_object('sku', s.sku, 'product_id', p.id, 'is_in_stock', $2 > 0, 'qty', $2), 0
     FROM catalog_skus s JOIN catalog_products p ON p.sku = s.product_sku WHERE s.sku = ANY($1::text[])
     ON CONFLICT (sku) DO UPDATE SET qty = EXCLUDED.qty, is_in_stock = EXCLUDED.is_in_stock`,
    [[...skus], qty],
  );

/** Up to `limit` of the catalogue's simple products with a price and no options: one line each, no choices. */
export const simpleSkus = async (db: Sql, limit: number): Promise<string[]> =>
  (
    await db.query<{ sku: string }>(
      `SELECT sku FROM catalog_products WHERE type_id = 'simple' AND status = 1 AND (doc->>'price')::numeric > 0
         AND jsonb_array_length(COALESCE(doc->'custom_options', '[]'::jsonb)) = 0 ORDER BY sku LIMIT $1`,
      [limit],
    )
  ).map((row) => row.sku);

/** Each shopper's `unitEur`, from the line its cart.addItem put in its cart (after that command was executed). */
export const priceFromCarts = async (db: Sql, shoppers: readonly Shopper[]): Promise<void> => {
  const carts = await db.query<{ owner: string; doc: { items: { sku: string; unitPriceInclTax: number }[] } }>(
    'SELECT owner, doc FROM carts WHERE owner = ANY($1)',
    [shoppers.map((s) => s.owner)],
  );
  for (const s of shoppers) {
    const line = carts.find((c) => c.owner === s.owner)?.doc.items.find((l) => l.sku === s.sku);
    if (!line) throw new Error(`no cart line for ${s.sku}`);
    s.unitEur = unitPriceEurOf(line.unitPriceInclTax);
  }
};
