-- Issue 32, "Consent and records": when and how a shopper agreed to marketing mail, and when and how they withdrew,
-- one row per event, never rewritten (sync-server/consent/). `subject` is whose consent: the e-mail's key for the
-- newsletter (guests subscribe too), the owner for a product's alerts. `channel`: 'newsletter', or
-- 'stock-alert:<sku>' and 'price-alert:<sku>'. `via`: how ('double-opt-in', 'alerts.set', 'one-click', 'link',
-- 'form'); `ref`: the command or mail it came with, when there is one.
CREATE TABLE consent_events (
  id bigserial PRIMARY KEY,
  subject text NOT NULL,
  channel text NOT NULL,
  event text NOT NULL CHECK (event IN ('given', 'withdrawn')),
  via text NOT NULL,
  ref text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consent_events_subject ON consent_events (subject, id);

-- RFC 8058: a marketing mail names the address that unsubscribes its reader in one click (List-Unsubscribe with
-- List-Unsubscribe-Post); the mail worker sends it as those two headers.
ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe text;
