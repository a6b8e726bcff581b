import { createHash } from 'node:crypto';
import type { Sql } from '../store/database.ts';
import type { DeliveredMail } from './mail-transport.ts';

/** Where the secret goes in a mail's body: the outbox keeps the placeholder, the mailer gets the secret. */
export const SECRET_SLOT = '{secret}';

export interface OutgoingMail {
  /** What the mail is, as operators filter the mail folder by it: 'password-reset', 'order-status', 'ad-status'... */
  kind: string;
  to: string;
  subject: string;
  /** With SECRET_SLOT where `secret` goes, if the mail carries one. */
  body: string;
  /** A single-use secret (a reset link's): stored as its sha256 only, sent once (see mail-transport.ts). */
  secret?: string;
  /** A marketing mail's one-click unsubscribe address (RFC 8058): the worker sends it as List-Unsubscribe headers. */
  listUnsubscribe?: string;
}

export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/**
 * Mail is written to the outbox in the transaction that causes it, so a reset link exists exactly when its
 * token does. The row never holds the secret: only its hash (as password_resets does). Returns the mail as the
 * mailer must send it, for the caller to hand over once the transaction commits (mail-transport.ts).
 */
export const enqueueMail = async (tx: Sql, mail: OutgoingMail): Promise<DeliveredMail> => {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO mail_outbox (kind, to_address, subject, body, secret_hash, list_unsubscribe)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [
      mail.kind,
      mail.to,
      mail.subject,
      mail.body,
      mail.secret === undefined ? null : secretHash(mail.secret),
      mail.listUnsubscribe ?? null,
    ],
  );
  const body = mail.secret === undefined ? mail.body : mail.body.replaceAll(SECRET_SLOT, mail.secret);
  return {
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    body,
    ...(row ? { outboxId: row.id } : {}),
    carriesSecret: mail.secret !== undefined,
  };
};

/** Mails without a secret (an order's), many in one statement: a batch of orders writes its mails at once. */
export const enqueueMails = async (tx: Sql, mails: readonly Omit<OutgoingMail, 'secret'>[]): Promise<void> => {
  if (mails.length === 0) return;
  await tx.query(
    `INSERT INTO mail_outbox (kind, to_address, subject, body)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
    [mails.map((m) => m.kind), mails.map((m) => m.to), mails.map((m) => m.subject), mails.map((m) => m.body)],
  );
};
