-- The full catalogue. Every entity is kept whole as a jsonb document (the snapshot's shape, so replication
-- and the API hand it out unchanged) plus the columns queries filter and sort on. Every row carries the
-- server_seq of its last change: catalogue rows replicate publicly (owner '*') like any read model.

-- The cart's small `products` table gives way to the full catalogue. Its rows were only the demo products,
-- which the server seeds again into catalog_products on its next start (the catalogue is empty then).
DROP TABLE products;

CREATE TABLE catalog_products (
  sku text PRIMARY KEY,
  id bigint NOT NULL,
  type_id text NOT NULL,
  status bigint NOT NULL,
  visibility bigint NOT NULL,
  is_old bigint NOT NULL,
  name text NOT NULL,
  category_ids bigint[] NOT NULL,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX catalog_products_seq ON catalog_products (server_seq);
CREATE INDEX catalog_products_id ON catalog_products (id);
CREATE INDEX catalog_products_categories ON catalog_products USING gin (category_ids);

-- Every sellable sku and the catalogue row that holds it: a product's own sku, and each configurable
-- child's sku (children live inside their parent's document), so the cart can add a child directly.
-- One sku may be both a standalone product and a child (VSF1 indexes children on their own too).
CREATE TABLE catalog_skus (
  sku text NOT NULL,
  product_sku text NOT NULL,
  PRIMARY KEY (sku, product_sku)
);
CREATE INDEX catalog_skus_product ON catalog_skus (product_sku);

CREATE TABLE categories (
  id bigint PRIMARY KEY,
  parent_id bigint NOT NULL,
  slug text NOT NULL,
  url_key text NOT NULL,
  level bigint NOT NULL,
  position bigint NOT NULL,
  is_active boolean NOT NULL,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX categories_seq ON categories (server_seq);
CREATE INDEX categories_slug ON categories (slug);
CREATE INDEX categories_url_key ON categories (url_key);

CREATE TABLE attributes (
  attribute_code text PRIMARY KEY,
  attribute_id bigint NOT NULL,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX attributes_seq ON attributes (server_seq);

CREATE TABLE cms_pages (
  id bigint PRIMARY KEY,
  identifier text NOT NULL,
  slug text NOT NULL,
  active boolean NOT NULL,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX cms_pages_seq ON cms_pages (server_seq);
CREATE INDEX cms_pages_slug ON cms_pages (slug);
CREATE INDEX cms_pages_identifier ON cms_pages (identifier);

CREATE TABLE cms_blocks (
  id bigint PRIMARY KEY,
  identifier text NOT NULL,
  active boolean NOT NULL,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX cms_blocks_seq ON cms_blocks (server_seq);
CREATE INDEX cms_blocks_identifier ON cms_blocks (identifier);

CREATE TABLE banners (
  id bigint PRIMARY KEY,
  placement text NOT NULL,
  position bigint NOT NULL,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX banners_seq ON banners (server_seq);

-- published_ms: the post's date as epoch milliseconds (0 when unparsable), so "latest" is a numeric sort.
CREATE TABLE blog_posts (
  id bigint PRIMARY KEY,
  slug text NOT NULL,
  tags text[] NOT NULL,
  published_ms bigint NOT NULL,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX blog_posts_seq ON blog_posts (server_seq);
CREATE INDEX blog_posts_published ON blog_posts (published_ms DESC);
CREATE INDEX blog_posts_tags ON blog_posts USING gin (tags);

CREATE TABLE reviews (
  id bigint PRIMARY KEY,
  product_id bigint NOT NULL,
  review_status bigint NOT NULL,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX reviews_seq ON reviews (server_seq);
CREATE INDEX reviews_product ON reviews (product_id, review_status);

CREATE TABLE tax_rules (
  id bigint PRIMARY KEY,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX tax_rules_seq ON tax_rules (server_seq);

-- The stock service's rows (spec: stock item product_id, is_in_stock, qty). Where a sku has one, it wins
-- over the stock copied into the product document: it is the record the stock calls update.
CREATE TABLE stock_items (
  sku text PRIMARY KEY,
  product_id bigint NOT NULL,
  is_in_stock boolean NOT NULL,
  qty bigint NOT NULL,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX stock_items_seq ON stock_items (server_seq);

-- Settings every server instance reads from the store (e.g. how large a catalogue still replicates), so a
-- pull source, which has only the database, can apply them.
CREATE TABLE catalog_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);
