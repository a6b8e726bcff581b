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
  /** PostgreSQL: called after a claim is committed and before its row is locked (tests restart PostgreSQL here). */
  afterClaim?: (row: OutboxRow) => Promise<void>;
  /** Called after a message went out and before it is marked sent: tests stop the worker here, as a crash would. */
  afterSend?: (row: OutboxRow) => void | Promise<void>;
  /**
   * PostgreSQL: how old a claim whose row is no longer locked must be before another worker takes it over (its
   * claimer died). Covers the moment between committing a claim and locking its row.
   */
  takeOverAfterMs?: number;
  /** false: no rounds of its own, only `runOnce` (tests). */
  loop?: boolean;
}

export interface MailWorker {
  /** One round now: sends what is due; returns how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

type ClaimedRow = OutboxRow & { attempts: number; claim_token: string };

/** `afterSend` threw: the test's stand-in for a process dying there, so the worker writes nothing more. */
class Crashed extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/** The wait before try n + 1 after n failures: 30 s, doubling, at most 6 h. */
export const retryDelayMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 21_600_000);

/**
 * Sends the outbox (written in the transaction of whatever caused each mail) through the mailer, at least once, and
 * once wherever the store can know it sent:
 * - a claim takes due rows with SKIP LOCKED (instances share the outbox) and commits a lease on them (next_attempt_at
 *   moved ahead, claimed_at, a claim_token), so no other worker takes them while they are sent;
 * - each is sent, then marked sent; a refusal or a network error records the error and the next try after a
 *   backoff (retryDelayMs); after maxAttempts it is marked failed;
 * - a worker that dies between sending and marking leaves the row leased: it is sent again with the same Message-ID
 *   (`<outbox-ID@domain>`), which lets the receiving side recognise the repeat.
 * On PostgreSQL (several instances) the claimer also holds its row locked while it sends, one mail a transaction, so
 * a lease need not be waited out to learn that its claimer died:
 * - a claimed row that is no longer locked, claimed since PostgreSQL last started, lost its claimer's connection:
 *   an instance killed mid-send. Another instance takes it over after `takeOverAfterMs` (the fault harness saw a
 *   one-minute lease hold a mail: seed 5159);
 * - a row claimed before PostgreSQL restarted keeps its lease: its claimer may be alive, with the mail sent and its
 *   "sent" mark lost with the connection. The claimer marks it on a fresh connection once PostgreSQL is back (the
 *   harness saw the mail sent twice without this: 17 of 750 runs with a restart).
 * PGlite keeps the lease alone: it is one process's store, which dies with the worker, and its one connection cannot
 * be held for the length of an SMTP conversation.
 * Mails that carry a secret (a reset link) are not in its care: the outbox keeps only the secret's hash, and they are
 * handed over once, after their commit (accounts/mail-transport.ts).
 */
export const startMailWorker = (db: Database, mailer: Mailer, options: MailWorkerOptions): MailWorker => {
  const { from, domain, pollMs = 1000, leaseMs = 60_000, maxAttempts = 8, batch = 20 } = options;
  const { takeOverAfterMs = 3_000, afterClaim, afterSend } = options;
  const looping = options.loop ?? true;
  let stopped = false;
  let round: Promise<number> | undefined;

  /**
   * Leases up to `limit` due rows in a transaction of its own. `orphans` (PostgreSQL) adds the rows whose claimer
   * died: claimed since the server started, older than the take-over wait, and not locked (SKIP LOCKED passes over
   * the ones a live claimer holds).
   */
  const claim = (limit: number, orphans: boolean): Promise<ClaimedRow[]> =>
    db.transaction((tx) =>
      tx.query<ClaimedRow>(
        `UPDATE mail_outbox AS m SET attempts = m.attempts + 1, claimed_at = now(), claim_token = gen_random_uuid(),
           next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
         FROM (SELECT id FROM mail_outbox
               WHERE sent_at IS NULL AND failed_at IS NULL AND secret_hash IS NULL
                 AND (next_attempt_at <= now()
                      OR ($3 AND claimed_at > pg_postmaster_start_time()
                          AND claimed_at < now() - make_interval(secs => $4::double precision / 1000)))
               ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED) AS due
         WHERE m.id = due.id
         RETURNING m.id::int AS id, m.to_address, m.subject, m.body, m.list_unsubscribe, m.attempts,
           m.claim_token::text AS claim_token`,
        [limit, leaseMs, orphans, takeOverAfterMs],
      ),
    );

  /** Sends one claimed row; the outcome is written through `sql`. Throws only when the write fails. */
  const sendOne = async (sql: Sql, row: ClaimedRow, onSent: () => void = () => undefined): Promise<boolean> => {
    try {
      await mailer.send(composeMail(row, from, domain));
    } catch (error) {
      const failed = row.attempts >= maxAttempts;
      await sql.query(
        `UPDATE mail_outbox SET last_error = $2, claimed_at = NULL, claim_token = NULL,
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
    try {
      await afterSend?.(row);
    } catch (error) {
      throw new Crashed(error);
    }
    onSent();
    await markSent(sql, row);
    return true;
  };

  const markSent = (sql: Sql, row: ClaimedRow) =>
    sql.query(
      `UPDATE mail_outbox SET sent_at = now(), last_error = NULL, claimed_at = NULL, claim_token = NULL
       WHERE id = $1 AND sent_at IS NULL`,
      [row.id],
    );

  /** Retries a write on fresh connections (PostgreSQL coming back) for as long as the claim's lease holds the row. */
  const untilWritten = async (write: () => Promise<unknown>): Promise<void> => {
    const deadline = Date.now() + leaseMs - takeOverAfterMs;
    for (;;) {
      try {
        await write();
        return;
      } catch (error) {
        if (Date.now() > deadline || stopped) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };

  /**
   * The mail went out but its transaction was lost (PostgreSQL restarted under it): the committed lease keeps the
   * row this worker's while it marks it sent.
   */
  const markSentLate = (row: ClaimedRow): Promise<void> => untilWritten(() => markSent(db, row));

  /**
   * The send's transaction was lost before the mail went out (PostgreSQL went away between the claim and the send):
   * the claim is given back, so the mail goes on the next round instead of after its lease (the harness's seed
   * 20260).
   */
  const releaseClaim = (row: ClaimedRow): Promise<void> =>
    untilWritten(() =>
      db.query(
        `UPDATE mail_outbox SET next_attempt_at = now(), claimed_at = NULL, claim_token = NULL
         WHERE id = $1 AND claim_token = $2 AND sent_at IS NULL`,
        [row.id, row.claim_token],
      ),
    );

  const runLeased = async (): Promise<number> => {
    let sent = 0;
    for (const row of await claim(batch, false)) if (await sendOne(db, row)) sent += 1;
    return sent;
  };

  const runHeld = async (): Promise<number> => {
    let sent = 0;
    for (let i = 0; i < batch; i++) {
      const [row] = await claim(1, true);
      if (!row) break;
      await afterClaim?.(row);
      let delivered = false;
      const outcome = await db
        .transaction(async (tx) => {
          // Locked for as long as it is sent; gone to another worker if this one was too slow to lock it.
          const mine = await tx.query('SELECT 1 FROM mail_outbox WHERE id = $1 AND claim_token = $2 FOR UPDATE', [
            row.id,
            row.claim_token,
          ]);
          if (mine.length === 0) return 'lost';
          return (await sendOne(tx, row, () => (delivered = true))) ? 'sent' : 'failed';
        })
        .catch(async (error: unknown) => {
          if (error instanceof Crashed) throw error;
          if (!delivered) {
            await releaseClaim(row).catch(() => undefined);
            throw error;
          }
          await markSentLate(row);
          return 'sent' as const;
        });
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
