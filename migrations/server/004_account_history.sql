-- What the account's history calls read (spec commerce.md section 7: order history, ads history): a user's
-- orders and classified ads, newest first. The commands that write them (placing an order, saving an ad) come
-- with checkout and the ads section; `doc` is the entity as the spec describes it (section 3), so those can
-- grow it without a migration here.

CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  owner text NOT NULL,
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_owner_created ON orders (owner, created_at DESC, id DESC);

CREATE TABLE ads (
  id bigserial PRIMARY KEY,
  owner text NOT NULL,
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ads_owner_created ON ads (owner, created_at DESC, id DESC);
