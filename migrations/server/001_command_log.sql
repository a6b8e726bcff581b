-- The command log, its read models and the sequence that orders every change.

-- One counter row. A writer takes its next numbers with UPDATE ... RETURNING as the last step before
-- COMMIT; the row lock makes every later writer wait until this one has committed, so server_seq order
-- is commit order and a pull "after N" can never skip a row that committed late.
CREATE TABLE sync_counter (
  id integer PRIMARY KEY CHECK (id = 1),
  value bigint NOT NULL
);
INSERT INTO sync_counter (id, value) VALUES (1, 0);

-- Who may act as which owner. Only a hash of the secret is kept.
CREATE TABLE auth_tokens (
  token_hash text PRIMARY KEY,
  owner text NOT NULL,
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per browser profile: the principal it belongs to and the last seq executed (lastMutationID).
CREATE TABLE sync_clients (
  client_id text PRIMARY KEY,
  principal text NOT NULL,
  last_seq bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE commands (
  id uuid PRIMARY KEY,
  owner text NOT NULL,
  client_id text NOT NULL,
  seq bigint NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at bigint NOT NULL,
  status text NOT NULL,
  result jsonb,
  result_code text,
  error jsonb,
  processed_at bigint,
  server_seq bigint NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, seq)
);
CREATE INDEX commands_pending ON commands (client_id, seq) WHERE status = 'pending';
CREATE INDEX commands_owner_seq ON commands (owner, server_seq);

CREATE TABLE carts (
  owner text PRIMARY KEY,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX carts_owner_seq ON carts (owner, server_seq);

-- The sellable catalogue as the cart sees it; the full catalogue grows from here.
CREATE TABLE products (
  sku text PRIMARY KEY,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX products_seq ON products (server_seq);
