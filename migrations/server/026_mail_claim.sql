-- A claim on a mail is committed before the mail is sent (sync-server/mail/mail-worker.ts): claimed_at says when and
-- claim_token whose it is. On PostgreSQL the claimer also holds the row locked while it sends; a row that is claimed
-- but no longer locked lost its claimer. If the claim was made since PostgreSQL last started, the claimer died and
-- another instance takes the mail over at once. If it was made before a restart, the claimer may be alive, with the
-- mail sent and its "sent" mark lost with the connection, so the claim stands until its lease runs out.
ALTER TABLE mail_outbox
  ADD COLUMN claimed_at timestamptz,
  ADD COLUMN claim_token uuid;
