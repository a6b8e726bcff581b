-- Issue 18: newsletter with double opt-in, stock and price alerts, and the account's settings read model.

-- The account's settings (notification settings per sku, the newsletter state, the mail language): one document
-- per owner, replicated as the `accountSettings` collection (sync-server/alerts).
CREATE TABLE account_settings (
  owner text PRIMARY KEY,
  doc jsonb NOT NULL,
  server_seq bigint NOT NULL
);
CREATE INDEX account_settings_seq ON account_settings (server_seq);

-- One row per e-mail address that ever asked to subscribe (guests from the footer, users from the account page).
-- The confirmation link's secret is kept only as its sha256 (confirm_hash), as password resets keep theirs; the
-- unsubscribe token is in every newsletter mail and only ever unsubscribes, so it is kept as it is sent.
-- coupon_code is set once, at the first confirmation: the newsletter coupon is given once per e-mail, ever.
CREATE TABLE newsletter_subscriptions (
  email_key text PRIMARY KEY,
  email text NOT NULL,
  owner text,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  language text NOT NULL DEFAULT 'bg',
  confirm_hash text UNIQUE,
  confirm_expires_at timestamptz,
  unsubscribe_token text NOT NULL UNIQUE,
  coupon_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz
);
CREATE INDEX newsletter_subscriptions_owner ON newsletter_subscriptions (owner) WHERE owner IS NOT NULL;

-- A product's change worth an alert, recorded by triggers in the transaction of the change itself (whatever made
-- it: an order's reservation released, the stock service, a catalogue import), so no change is missed or counted
-- twice. The alert sweep (sync-server/alerts/alert-sweep.ts) mails each subscriber once per event.
CREATE TABLE alert_events (
  id bigserial PRIMARY KEY,
  sku text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('stock', 'price')),
  old_price bigint,
  new_price bigint,
  at timestamptz NOT NULL DEFAULT now(),
  swept_at timestamptz
);
CREATE INDEX alert_events_unswept ON alert_events (id) WHERE swept_at IS NULL;

-- Which owner was mailed for which event: the key makes a second mail for one change impossible.
CREATE TABLE alert_mails (
  event_id bigint NOT NULL REFERENCES alert_events (id),
  owner text NOT NULL,
  PRIMARY KEY (event_id, owner)
);

-- Back in stock: from none (or not in stock) to some. (migrate.ts splits statements at a ';' that ends a line, so
-- the bodies keep theirs inside lines.)
CREATE FUNCTION alert_on_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.qty <= 0 OR NOT OLD.is_in_stock) AND NEW.qty > 0 AND NEW.is_in_stock THEN
    INSERT INTO alert_events (sku, kind) VALUES (NEW.sku, 'stock')
  ; END IF; RETURN NULL; END $$;
CREATE TRIGGER stock_items_alert AFTER UPDATE OF qty, is_in_stock ON stock_items
  FOR EACH ROW EXECUTE FUNCTION alert_on_stock_change();

-- A price drop: the lower of the price and the special price (net stotinki), before and after. The special
-- price's date window is not looked at here: a sale that starts by the calendar alone changes no row.
CREATE FUNCTION alert_price_of(doc jsonb) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT LEAST((doc->>'price')::bigint, COALESCE((doc->>'special_price')::bigint, (doc->>'price')::bigint))
$$;
CREATE FUNCTION alert_on_price_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF alert_price_of(NEW.doc) < alert_price_of(OLD.doc) THEN
    INSERT INTO alert_events (sku, kind, old_price, new_price)
    VALUES (NEW.sku, 'price', alert_price_of(OLD.doc), alert_price_of(NEW.doc))
  ; END IF; RETURN NULL; END $$;
CREATE TRIGGER catalog_products_alert AFTER UPDATE OF doc ON catalog_products
  FOR EACH ROW EXECUTE FUNCTION alert_on_price_change();
