-- Issue 32: what the store forgets, and when (sync-server/retention/). Each run of the retention loop is recorded,
-- with what each rule removed, for the operators (GET /api/ops/retention).
CREATE TABLE retention_runs (
  id bigserial PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- Per rule: { "rule": { "removed": n, "days": d } }.
  counts jsonb NOT NULL DEFAULT '{}'::jsonb,
  error text
);

-- A mail's text is dropped after its retention period; who it went to, when, and which template (kind, subject)
-- stay: the shopper's "e-mails sent to you" and the operators' mail folder still list it.
ALTER TABLE mail_outbox ADD COLUMN body_erased_at timestamptz;
CREATE INDEX mail_outbox_body_kept ON mail_outbox (created_at) WHERE body_erased_at IS NULL;
