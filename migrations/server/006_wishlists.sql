-- The wishlist read model (issue 14): one document per owner, written by the wishlist's commands and by a login's
-- merge, replicated as the `wishlists` collection. Like carts: the primary key alone, so every write is HOT (see
-- 005_carts_hot_updates.sql).
CREATE TABLE wishlists (
  owner text PRIMARY KEY,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
