import type { Database, Sql } from '../store/database.ts';
import { composeMail, type OutboxRow } from './compose.ts';
import type { Mailer } from './smtp-mailer.ts';
import { log } from '../observability/logger.ts';

export interface MailWorkerOptions {
  from: string;
  /** The right-hand side of every Message-ID (the shop's mail domain). */
  domain: string;
  /** How often the outbox is looked at when nothing woke the worker. */
  pollMs?: number;
  /** How long a claimed row is the claimer's: a worker that died sending leaves it to another after this. */
  leaseMs?: number;
  /** Tries before a mail is marked failed (it stays in the outbox, readable by an operator). */
  maxAttempts?: number;
  /** Rows a round takes. */
  batch?: number;
  /** Called after a message went out and before it is marked sent: tests stop the worker here, as a crash would. */
  afterSend?: (row: OutboxRow) => void;
  /** false: no rounds of its own, only `runOnce` (tests). */
  loop?: boolean;
}

export interface MailWorker {
  /** One round now: sends what is due; returns how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** The wait before try n + 1 after n failures: 30 s, doubling, at most 6 h. */
export const retryDelayMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 21_600_000);

/**
 * Sends the outbox (written in the transaction of whatever caused each mail) through the mailer, at least once:
 * - a round claims the due rows with SKIP LOCKED (instances share the outbox) and leases them by moving
 *   next_attempt_at ahead, in a transaction of its own, so no other worker takes them while they are sent;
 * - each is sent, then marked sent; a refusal or a network error records the error and the next try after a
 *   backoff (retryDelayMs); after maxAttempts it is marked failed;
 * - a worker that dies between sending and marking leaves the row leased: once the lease runs out it is sent again
 *   with the same Message-ID (`<outbox-ID@domain>`), which lets the receiving side recognise the repeat.
 * On PostgreSQL (several instances) the claim is instead a row lock held while the mail is sent, one mail a
 * transaction: an instance killed mid-send loses its connection, PostgreSQL ends the transaction and another
 * instance sends the mail on its next round (a second), where a lease held it for a minute (the fault harness saw
 * it: seed 5159). The dead worker's attempt is rolled back with it: a death is the worker's, not the mail's.
 * PGlite keeps the lease: it is one process's store, which dies with the worker, and its one connection cannot be
 * held for the length of an SMTP conversation.
 * Mails that carry a secret (a reset link) are not in its care: the outbox keeps only the secret's hash, and they are
 * handed over once, after their commit (accounts/mail-transport.ts).
 */
export const startMailWorker = (db: Database, mailer: Mailer, options: MailWorkerOptions): MailWorker => {
  const { from, domain, pollMs = 1000, leaseMs = 60_000, maxAttempts = 8, batch = 20, afterSend } = options;
  const looping = options.loop ?? true;
  let stopped = false;
  let round: Promise<number> | undefined;

  const claim = (): Promise<(OutboxRow & { attempts: number })[]> =>
    db.transaction((tx) =>
      tx.query<OutboxRow & { attempts: number }>(
        `UPDATE mail_outbox AS m SET attempts = m.attempts + 1,
           next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
         FROM (SELECT id FROM mail_outbox
               WHERE sent_at IS NULL AND failed_at IS NULL AND secret_hash IS NULL AND next_attempt_at <= now()
               ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED) AS due
         WHERE m.id = due.id
         RETURNING m.id::int AS id, m.to_address, m.subject, m.body, m.attempts`,
        [batch, leaseMs],
      ),
    );

  /** PostgreSQL: the next due mail, locked by this transaction until it commits (or its connection dies). */
  const claimHeld = (tx: Sql) =>
    tx.query<OutboxRow & { attempts: number }>(
      `UPDATE mail_outbox AS m SET attempts = m.attempts + 1
       FROM (SELECT id FROM mail_outbox
             WHERE sent_at IS NULL AND failed_at IS NULL AND secret_hash IS NULL AND next_attempt_at <= now()
             ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) AS due
       WHERE m.id = due.id
       RETURNING m.id::int AS id, m.to_address, m.subject, m.body, m.attempts`,
    );

  const sendOne = async (sql: Sql, row: OutboxRow & { attempts: number }): Promise<boolean> => {
    try {
      await mailer.send(composeMail(row, from, domain));
    } catch (error) {
      const failed = row.attempts >= maxAttempts;
      await sql.query(
        `UPDATE mail_outbox SET last_error = $2,
           next_attempt_at = now() + make_interval(secs => $3::double precision / 1000),
           failed_at = CASE WHEN $4 THEN now() END
         WHERE id = $1`,
        [row.id, describe(error), retryDelayMs(row.attempts), failed],
      );
      // No address or text in the log: the row's id says which.
      log.warn(
        { component: 'mail', outboxId: row.id, attempt: row.attempts, givenUp: failed, reason: describe(error) },
        failed ? 'mail not sent, given up' : 'mail not sent, will try again',
      );
      return false;
    }
    afterSend?.(row);
    await sql.query('UPDATE mail_outbox SET sent_at = now(), last_error = NULL WHERE id = $1', [row.id]);
    return true;
  };

  const runLeased = async (): Promise<number> => {
    let sent = 0;
    for (const row of await claim()) if (await sendOne(db, row)) sent += 1;
    return sent;
  };

  const runHeld = async (): Promise<number> => {
    let sent = 0;
    for (let i = 0; i < batch; i++) {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await claimHeld(tx);
        return row ? ((await sendOne(tx, row)) ? 'sent' : 'failed') : 'none';
      });
      if (outcome === 'none') break;
      if (outcome === 'sent') sent += 1;
    }
    return sent;
  };

  const runOnce = db.kind === 'postgres' ? runHeld : runLeased;

  const loop = async () => {
    while (!stopped && looping) {
      try {
        round = runOnce();
        const sent = await round;
        if (sent > 0) continue;
      } catch (error) {
        if (!stopped) log.error({ component: 'mail', reason: describe(error) }, 'outbox round failed');
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };
  const running = loop();

  return {
    runOnce,
    async stop() {
      stopped = true;
      await round?.catch(() => 0);
      await running;
      mailer.close();
    },
  };
};

/** An error as one line without personal data: SMTP's code and response, or the error's name. */
const describe = (error: unknown): string => {
  const e = error as { responseCode?: number; code?: string; name?: string };
  return [e.responseCode, e.code, e.name].filter((part) => part !== undefined).join(' ') || 'unknown error';
};
