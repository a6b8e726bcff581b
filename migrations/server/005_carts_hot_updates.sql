-- A cart is one row per owner: its primary key finds it, and a pull of carts reads that one row. The index on
-- (owner, server_seq) found nothing the key does not, yet every cart write changes server_seq, so no write could
-- be a HOT update: each one left its old version behind with an entry in both indexes. PostgreSQL's autovacuum
-- reclaims those; PGlite has none, so the table grew with every cart change and a cart's lock walked its old
-- entries (bench: the push's cart lock 0.13 ms on a new cart, 0.33 ms after 6,000 changes). Without the index,
-- cart writes are HOT, and each one's old version is reclaimed in its page by the writes that follow.
DROP INDEX IF EXISTS carts_owner_seq;
