-- Second-hand ads (issue 18). The owner's ads are the `my_ads` read model (one document per owner, replicated as
-- `myAds`, like wishlists). The account history's table `ads` (004_account_history.sql: owner, doc, created_at, read
-- by GET /api/user/ads-history) becomes a row per ad, as 008 did for orders: `doc` is the ad as its owner sees it,
-- and the columns below answer what a document cannot: the public list across owners, the operator's queue by
-- status, and that an ad id is global (an id used by one owner, or deleted, is never taken by another). Rows
-- written before (the history's own) keep these columns empty.
ALTER TABLE ads ADD COLUMN ad_id uuid UNIQUE;
ALTER TABLE ads ADD COLUMN status text;
ALTER TABLE ads ADD COLUMN category text;
ALTER TABLE ads ADD COLUMN model text;
ALTER TABLE ads ADD COLUMN condition text;
-- Euro cents; null for "negotiable", which no price range matches.
ALTER TABLE ads ADD COLUMN price_cents bigint;
ALTER TABLE ads ADD COLUMN city_key text;
ALTER TABLE ads ADD COLUMN published_at bigint;
ALTER TABLE ads ADD COLUMN expires_at bigint;
ALTER TABLE ads ADD COLUMN updated_at bigint;
-- The searchable words of title, model and description, in Latin (schema/ads/ad-search-key.ts).
ALTER TABLE ads ADD COLUMN search tsvector;
-- The ad as the public sees it (PublicAd: no owner), set while published.
ALTER TABLE ads ADD COLUMN public_doc jsonb;

-- The operator's queue: by status, oldest first.
CREATE INDEX ads_status ON ads (status, updated_at);
-- The public list reads published ads only: partial indexes keep them small and every row in them relevant.
CREATE INDEX ads_published_newest ON ads (published_at DESC, ad_id) WHERE status = 'send';
CREATE INDEX ads_published_price ON ads (price_cents, ad_id) WHERE status = 'send';
CREATE INDEX ads_published_price_desc ON ads (price_cents DESC NULLS LAST, ad_id) WHERE status = 'send';
-- No pending list (fastupdate): PGlite is never vacuumed, and an unmerged pending list is read in full by every
-- search (20 ms of a 34 ms search at 100,000 ads); an ad is saved far less often than the list is searched.
CREATE INDEX ads_published_search ON ads USING gin (search) WITH (fastupdate = off) WHERE status = 'send';
-- The expiry sweep finds the published ads whose period ran out.
CREATE INDEX ads_published_expiry ON ads (expires_at) WHERE status = 'send';

CREATE TABLE my_ads (
  owner text PRIMARY KEY,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
