-- The outbox is sent by a worker (sync-server/mail/mail-worker.ts): each row is tried until sent, with backoff. A row
-- is leased by moving next_attempt_at ahead before it is sent, so a worker that dies mid-send leaves it to be tried
-- again when the lease runs out (at least once; the Message-ID is the row's, so a repeat is recognisable).
ALTER TABLE mail_outbox
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN last_error text,
  ADD COLUMN failed_at timestamptz;

CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
