-- Secrets every instance must share, made by the first instance that needs one when the environment gives none
-- (the live stream's ticket key: a ticket handed out by one instance is redeemed by whichever instance the
-- balancer sends the stream to).
CREATE TABLE shared_secrets (
  name text PRIMARY KEY,
  secret text NOT NULL
);
