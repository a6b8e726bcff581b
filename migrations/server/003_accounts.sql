-- Accounts and sessions (issue 5). A user is an owner like a guest ('user-<uuid>'), so every replicated
-- row and every command stays scoped by owner exactly as before.

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  owner text NOT NULL UNIQUE,
  -- As typed, for mail; email_key (lower-cased) is what login and uniqueness compare.
  email text NOT NULL,
  email_key text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  firstname text NOT NULL,
  lastname text NOT NULL,
  egn text,
  phone text,
  -- Customer group (spec: price tiers): selects the tier prices this user sees. 1 is "General".
  group_id integer NOT NULL DEFAULT 1,
  role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'operator')),
  newsletter boolean NOT NULL DEFAULT false,
  shipping jsonb,
  invoice jsonb,
  notification_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Access tokens of users expire and belong to a session (family); guest tokens keep both NULL.
ALTER TABLE auth_tokens ADD COLUMN expires_at timestamptz;
ALTER TABLE auth_tokens ADD COLUMN family uuid;
CREATE INDEX auth_tokens_family ON auth_tokens (family) WHERE family IS NOT NULL;

-- Refresh tokens rotate: each is used once and replaced. A second use of a used one means it was stolen
-- (or a client lost the answer), so the whole session (family) is revoked, access tokens included.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  family uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family);

-- One-time password reset links; only the hash of the secret is kept.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Mail the store would send. A mailer (a later issue) sends and stamps sent_at; operators read it meanwhile.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

-- A device's guest cart folded into a user's cart at login: once per guest (the primary key), so a reload,
-- a second tab or a second login never adds it twice. Afterwards the guest's commands act for the user.
CREATE TABLE guest_merges (
  guest_owner text PRIMARY KEY,
  user_owner text NOT NULL,
  merged_at timestamptz NOT NULL DEFAULT now()
);
