import type { MailTransport } from '../accounts/mail-transport.ts';
import type { Database } from '../store/database.ts';
import { composeMail } from './compose.ts';
import type { Mailer } from './smtp-mailer.ts';

/**
 * The handover of mails that carry a secret (a reset link): sent once through the mailer after their row commits,
 * since the outbox keeps only the secret's hash and no worker could send them later. Sent, the row is marked so;
 * not sent, it is marked failed (the shopper asks for a new link). Every other mail is the worker's
 * (mail-worker.ts), so it is left alone here.
 */
export const secretHandover =
  (db: Database, mailer: Mailer, from: string, domain: string): MailTransport =>
  async (mail) => {
    if (!mail.carriesSecret || mail.outboxId === undefined) return;
    const row = { id: mail.outboxId, to_address: mail.to, subject: mail.subject, body: mail.body };
    try {
      await mailer.send(composeMail(row, from, domain));
    } catch (error) {
      await db.query(
        `UPDATE mail_outbox SET attempts = attempts + 1, failed_at = now(),
           last_error = 'not sent; its secret is not kept: a new one must be asked for' WHERE id = $1`,
        [mail.outboxId],
      );
      throw error;
    }
    await db.query('UPDATE mail_outbox SET attempts = attempts + 1, sent_at = now() WHERE id = $1', [mail.outboxId]);
  };
