import { expect } from 'vitest';
import { unitPriceEurOf } from '../../schema/checkout/totals.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { createGuest, type Guest } from './protocol-client.ts';

/** A product the demo catalogue sells as a plain line (no options): the orders tests' stock is set on it. */
export const ORDER_SKU = 'APP3';

/** The sku's stock row set to `qty` units (made from its document first if it had none). */
export const setStock = async (db: Database, sku: string, qty: number): Promise<void> => {
  await db.query(
    `INSERT INTO stock_items (sku, product_id, is_in_stock, qty, doc, server_seq)
     SELECT s.sku, p.id, $2 > 0, $2, jsonb_build_object('sku', s.sku, 'product_id', p.id, 'is_in_stock', $2 > 0, 'qty', $2), 0
     FROM catalog_skus s JOIN catalog_products p ON p.sku = s.product_sku WHERE s.sku = $1
     ON CONFLICT (sku) DO UPDATE SET qty = EXCLUDED.qty, is_in_stock = EXCLUDED.is_in_stock`,
    [sku, qty],
  );
};

export const stockOf = async (db: Database, sku: string): Promise<number> => {
  const [row] = await db.query<{ qty: string | number }>('SELECT qty FROM stock_items WHERE sku = $1', [sku]);
  return Number(row?.qty);
};

/** The euro unit price a guest is charged for a sku: what its cart line says, converted per unit. */
export const guestUnitPriceEur = async (
  baseUrl: string,
  sku: string,
  /** Runs the pushed command when the server has no executor. */
  run?: () => Promise<unknown>,
): Promise<number> => {
  const guest = await createGuest(baseUrl);
  const add = guest.command('cart.addItem', { sku, qty: 1 });
  await guest.push([add]);
  await run?.();
  await guest.settled([add.id]);
  const { documents } = await guest.pull<{ items: { sku: string; unitPriceInclTax: number }[] }>('carts');
  const line = documents.at(-1)?.items.find((l) => l.sku === sku);
  expect(line, `${sku} in the cart`).toBeDefined();
  return unitPriceEurOf(line!.unitPriceInclTax);
};

export const ordersOf = (db: Database, owner: string) =>
  db.query<{ order_id: string; status: string; order_number: string }>(
    'SELECT order_id, status, order_number FROM orders WHERE owner = $1',
    [owner],
  );

export const stockMovesOf = (db: Database, orderId: string) =>
  db.query<{ sku: string; delta: string | number; reason: string }>(
    'SELECT sku, delta, reason FROM stock_moves WHERE order_id = $1',
    [orderId],
  );

export type { Guest };
