-- Issue 15: limits shared by every server instance, the refresh grace, retired guest tokens, hashed reset secrets.

-- One row per limited key ('login-account:<email>', 'login-address:<ip>', 'reset-email:<email>', ...), written by
-- one UPSERT per attempt (accounts/rate-limit.ts), so every instance counts into the same row.
-- count: attempts (or failures) in the window that began at window_start; blocked_until: a lockout's end.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_start timestamptz NOT NULL,
  blocked_until timestamptz
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);

-- A guest token is retired by the login it was sent with (its cart joined the user's); before this migration
-- the tokens of merged guests stayed valid.
DELETE FROM auth_tokens WHERE kind = 'guest' AND owner IN (SELECT guest_owner FROM guest_merges);

-- Mail is kept without its secret: the link's secret goes to the mailer once, only its hash stays.
ALTER TABLE mail_outbox ADD COLUMN secret_hash text;
