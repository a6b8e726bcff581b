-- Orders (issue 16). The account's history table `orders` (004_account_history.sql: owner, doc, created_at, read by
-- GET /api/user/order-history) becomes the record of truth of placed orders: each gets the id its device made (a
-- repeated place of one id is one order: the unique key), its human-readable number, its status for the operator's
-- lists, and the time of its last change. Rows written before (the history's own) keep these columns empty.
ALTER TABLE orders ADD COLUMN order_id uuid UNIQUE;
ALTER TABLE orders ADD COLUMN order_number text UNIQUE;
ALTER TABLE orders ADD COLUMN status text;
ALTER TABLE orders ADD COLUMN updated_at bigint;
CREATE INDEX orders_status_created ON orders (status, created_at DESC);

-- Human-readable order numbers (BG-2026-000123) come from one sequence: numbers never repeat; a rolled-back
-- transaction leaves a gap, which is fine for a reference a shopper reads.
CREATE SEQUENCE order_numbers START 1;

-- Every change of stock an order makes: one reserve when it is placed, one release when it is cancelled. The
-- key makes a retried execution unable to move stock twice for the same order, sku and reason.
CREATE TABLE stock_moves (
  order_id uuid NOT NULL,
  sku text NOT NULL,
  reason text NOT NULL,
  delta bigint NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (order_id, sku, reason)
);

-- The orders read model: one document per owner listing the owner's orders (newest first), replicated as the
-- `orders` collection. Like carts: the primary key alone, so every write is HOT.
CREATE TABLE owner_orders (
  owner text PRIMARY KEY,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
