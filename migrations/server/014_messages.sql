-- Issue 18: reviews written by shoppers, and the self-hosted proof-of-work that guards guests' messages.

-- A shopper's review is a row of the catalogue's `reviews` (review_status 2 until an operator approves it), with
-- who wrote it and by which command: one review per user and product, and a repeated command never writes twice.
ALTER TABLE reviews
  ADD COLUMN owner text,
  ADD COLUMN command_id text,
  ADD COLUMN sku text;
CREATE UNIQUE INDEX reviews_owner_product ON reviews (owner, product_id) WHERE owner IS NOT NULL;
CREATE INDEX reviews_pending ON reviews (id) WHERE review_status = 2;
-- Shoppers' reviews are numbered far above any imported catalogue's (Magento ids), so an import never meets one.
CREATE SEQUENCE shopper_review_ids START WITH 1000000000;

-- The challenge's HMAC key when CHALLENGE_HMAC_KEY is unset: made once by the first instance that needs it and
-- shared by all, so a challenge fetched from one instance is accepted by another and after a restart.
CREATE TABLE challenge_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL
);

-- Solved challenges already used, by nonce, kept until the challenge expires (a solution works once).
CREATE TABLE used_challenges (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX used_challenges_expiry ON used_challenges (expires_at);
