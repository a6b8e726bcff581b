import type { RetentionRule } from '../retention/index.ts';

/**
 * Issue 32: a mail's text is kept `days` after it was sent (or given up), then dropped. Who it went to, when, and
 * which template (its kind and subject) stay, for the shopper's list of mails sent to them and the operators' mail
 * folder. A mail still waiting to go keeps its text whatever its age.
 */
export const mailBodyRetention = (days: number): RetentionRule => ({
  name: 'mail-bodies',
  days,
  async purge(tx, keepDays, batch) {
    const erased = await tx.query(
      `UPDATE mail_outbox SET body = '', body_erased_at = now()
       WHERE id IN (SELECT id FROM mail_outbox
                    WHERE body_erased_at IS NULL
                      AND coalesce(sent_at, failed_at) < now() - make_interval(days => $1)
                    ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [keepDays, batch],
    );
    return { removed: erased.length, more: erased.length === batch };
  },
});
