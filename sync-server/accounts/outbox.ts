import type { Sql } from '../store/database.ts';

export interface OutgoingMail {
  kind: 'password-reset';
  to: string;
  subject: string;
  body: string;
}

/**
 * Mail is written to the outbox in the transaction that causes it, so a reset link exists exactly when its
 * token does. A mailer sends from the outbox (a later issue); operators read it meanwhile.
 */
export const enqueueMail = async (tx: Sql, mail: OutgoingMail): Promise<void> => {
  await tx.query('INSERT INTO mail_outbox (kind, to_address, subject, body) VALUES ($1, $2, $3, $4)', [
    mail.kind,
    mail.to,
    mail.subject,
    mail.body,
  ]);
};
