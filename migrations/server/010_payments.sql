-- Payments (issue 17): every try at taking an order's payment, and every refund, as rows the payments hub
-- (sync-server/payments) settles exactly once. The order's `payment` field (its read model) is drawn from these.

-- BORICA's ORDER: 6 digits, unique for 24 hours. One sequence, taken mod 1,000,000 and zero-padded: unique for a day
-- as long as fewer than a million attempts are made in it.
CREATE SEQUENCE payment_order_refs START 1;

-- One attempt: its id is the `payment.start` command's id (the idempotency key with the provider). status mirrors
-- the attempt in the order's payment: open, pending, paid, declined, unknown. verdict: the provider's last answer as
-- the gateway judged it (settlementRef, the refunds' reference, is in it).
CREATE TABLE payment_attempts (
  attempt_id uuid PRIMARY KEY,
  order_id uuid NOT NULL,
  owner text NOT NULL,
  provider text NOT NULL,
  provider_ref text NOT NULL DEFAULT '',
  status text NOT NULL,
  verdict jsonb,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
-- The reconciler's question: attempts still open or pending, oldest answer first.
CREATE INDEX payment_attempts_status_updated ON payment_attempts (status, updated_at);
-- A BACKREF or a PayPal return names the attempt by the provider's reference.
CREATE INDEX payment_attempts_provider_ref ON payment_attempts (provider, provider_ref);
CREATE INDEX payment_attempts_order ON payment_attempts (order_id);

-- A refund is stored (requested) before the provider is asked, with the id the provider sees: asked again after a
-- crash, it is the same refund, never a second one.
CREATE TABLE payment_refunds (
  refund_id uuid PRIMARY KEY,
  attempt_id uuid NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL,
  result jsonb,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX payment_refunds_attempt ON payment_refunds (attempt_id, status);

-- Orders waiting for their payment, by the time it is due (the reconciler expires them).
CREATE INDEX orders_payment_due ON orders ((((doc -> 'payment') ->> 'dueBy')::bigint))
  WHERE (doc -> 'payment') ->> 'status' IN ('awaiting', 'processing');
