import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { enqueueMail } from '../../sync-server/accounts/outbox.ts';
import { startMailWorker } from '../../sync-server/mail/mail-worker.ts';
import { createSmtpMailer } from '../../sync-server/mail/smtp-mailer.ts';
import { migrate } from '../../sync-server/store/migrate.ts';
import { openPostgresDatabase } from '../../sync-server/store/postgres-database.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../support/faults/postgres.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startSmtpCatcher } from '../support/smtp-catcher.ts';
import { startTestServer } from '../support/test-server.ts';

/**
 * Issue 31, "PostgreSQL restarted": the store's connection to PostgreSQL (sync-server/store/postgres-database.ts)
 * outlives a restart of the server, clean (`pg_ctl restart -m fast`) or as a crash (`-m immediate`). A PostgreSQL of
 * the test's own (Debian's binaries, a temporary cluster), since the shared one must never be restarted.
 */
describe('the store through a PostgreSQL restart', () => {
  let postgres: PrivatePostgres;
  let db: Database;
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    db = await openPostgresDatabase(postgres.url);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await postgres?.stop();
  });

  /** Retries `attempt` until it is true (the store comes back after a restart), false after `ms`. */
  const eventually = async (attempt: () => Promise<boolean>, ms = 15_000): Promise<boolean> => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await attempt().catch(() => false)) return true;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return false;
  };

  it.each(['fast', 'immediate'] as const)(
    'a transaction holding its connection when PostgreSQL restarts (%s) fails, and the process serves again',
    { timeout: 60_000 },
    async (mode) => {
      // The transaction's connection is checked out of the pool and idle (between two statements) during the
      // restart: its loss must fail this transaction alone, not end the process with an unhandled 'error' event.
      const failed = db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await postgres.restart(mode);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.query('SELECT 1');
      });
      await expect(failed).rejects.toThrow();
      expect(await eventually(async () => (await db.query<{ n: number }>('SELECT 1 AS n'))[0]?.n === 1)).toBe(true);
      expect(
        await eventually(
          async () => (await db.transaction((tx) => tx.query<{ n: number }>('SELECT 2 AS n')))[0]?.n === 2,
        ),
      ).toBe(true);
    },
  );

  it('LISTEN is heard again after PostgreSQL was down for seconds', { timeout: 60_000 }, async () => {
    const heard: string[] = [];
    await db.listen('restart_test', (payload) => heard.push(payload));
    // Down longer than one reconnect attempt: the listening connection must keep trying until it is back.
    await postgres.restart('fast', 2_000);
    let sent = 0;
    const back = await eventually(async () => {
      await db.query('SELECT pg_notify($1, $2)', ['restart_test', `after-${++sent}`]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return heard.length > 0;
    }, 20_000);
    expect(back).toBe(true);
  });

  it(
    'a live stream open through the restart is told to resync once LISTEN is back: what was notified meanwhile is pulled',
    { timeout: 60_000 },
    async () => {
      await migrate(db);
      const server: RunningServer = await startTestServer(db, 'on');
      const controller = new AbortController();
      try {
        const guest = await createGuest(server.url);
        const response = await fetch(`${server.url}/sync/stream`, {
          headers: { authorization: `Bearer ${guest.token}` },
          signal: controller.signal,
        });
        expect(response.status).toBe(200);
        let text = '';
        void (async () => {
          const decoder = new TextDecoder();
          for await (const chunk of response.body!) text += decoder.decode(chunk as Uint8Array, { stream: true });
        })().catch(() => undefined);
        const resyncs = () => text.split('event: resync').length - 1;
        expect(await eventually(async () => resyncs() === 1)).toBe(true);
        // The stream is the device's, to this instance: it stays open while PostgreSQL goes away and comes back.
        // Changes another instance committed in between were notified to no one here; the stream is told to resync.
        await postgres.restart('fast', 1_000);
        expect(await eventually(async () => resyncs() === 2, 20_000)).toBe(true);
      } finally {
        controller.abort();
        await server.close();
      }
    },
  );

  it(
    'a mail sent just before PostgreSQL restarts is marked sent afterwards, and no other instance sends it again',
    { timeout: 60_000 },
    async () => {
      // The fault harness saw it (17 of 750 runs): the mail went out, the restart took the connection and the
      // "sent" mark with it, and the next round (this instance's or another's) sent the same mail a second time.
      await migrate(db);
      const smtp = await startSmtpCatcher();
      const other = await openPostgresDatabase(postgres.url);
      const worker = (database: Database, afterSend?: () => Promise<void>) =>
        startMailWorker(database, createSmtpMailer(smtp.url), {
          from: 'Apple Store BG <shop@apple-store.bg>',
          domain: 'test.apple-store.bg',
          loop: false,
          ...(afterSend ? { afterSend } : {}),
        });
      const sender = worker(db, () => postgres.restart('fast', 1_000));
      const otherInstance = worker(other);
      try {
        const mail = await db.transaction((tx) =>
          enqueueMail(tx, { kind: 'order-status', to: 'restart@example.com', subject: 'Restart', body: 'Text' }),
        );
        await sender.runOnce().catch(() => 0);
        // The other instance looks at the outbox as its loop would, once PostgreSQL is back.
        for (let round = 0; round < 10; round++) {
          await otherInstance.runOnce().catch(() => 0);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(smtp.received.filter((m) => m.subject === 'Restart')).toHaveLength(1);
        expect(
          await eventually(async () => {
            const [row] = await db.query<{ sent: boolean }>(
              'SELECT sent_at IS NOT NULL AS sent FROM mail_outbox WHERE id = $1',
              [mail.outboxId!],
            );
            return row?.sent === true;
          }),
        ).toBe(true);
      } finally {
        await sender.stop();
        await otherInstance.stop();
        await other.close();
        await smtp.close();
      }
    },
  );

  it(
    'a mail claimed just before PostgreSQL restarts, not sent yet, goes as soon as PostgreSQL is back, not after its lease',
    { timeout: 60_000 },
    async () => {
      // The claim is committed before the mail is locked and sent: a restart in between failed the send's transaction
      // and left the claim's one-minute lease holding a mail no one had sent (the fault harness's seed 20260).
      await migrate(db);
      const smtp = await startSmtpCatcher();
      const worker = startMailWorker(db, createSmtpMailer(smtp.url), {
        from: 'Apple Store BG <shop@apple-store.bg>',
        domain: 'test.apple-store.bg',
        loop: false,
        // PostgreSQL goes down between the claim and the lock, and stays down for two seconds.
        afterClaim: async () => {
          if (restarting) return;
          restarting = postgres.restart('fast', 2_000);
          await new Promise((resolve) => setTimeout(resolve, 500));
        },
      });
      let restarting: Promise<void> | undefined;
      try {
        await db.transaction((tx) =>
          enqueueMail(tx, { kind: 'order-status', to: 'claimed@example.com', subject: 'Claimed', body: 'Text' }),
        );
        await worker.runOnce().catch(() => 0);
        expect(restarting).toBeDefined();
        await restarting;
        // The worker's next rounds, as its loop makes them once PostgreSQL is back.
        expect(
          await eventually(async () => {
            await worker.runOnce().catch(() => 0);
            return smtp.received.some((m) => m.subject === 'Claimed');
          }, 10_000),
        ).toBe(true);
        expect(smtp.received.filter((m) => m.subject === 'Claimed')).toHaveLength(1);
      } finally {
        await worker.stop();
        await smtp.close();
      }
    },
  );
});
