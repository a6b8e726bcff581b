import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../sync-server/accounts/outbox.ts';
import { startMailWorker } from '../../sync-server/mail/mail-worker.ts';
import { createSmtpMailer } from '../../sync-server/mail/smtp-mailer.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock } from '../support/order-world.ts';
import { placePayload } from '../support/orders.ts';
import { createGuest } from '../support/protocol-client.ts';
import { registerLoggedInUser } from '../support/users.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * The outbox sent for real (sync-server/mail): through SMTP to a real SMTP server in this process, read back with
 * mailparser, as a shopper's mail client would.
 */
describe(`e-mail through SMTP (${storeKind})`, () => {
  let smtp: SmtpCatcher;
  let server: RunningServer;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startTestServer(undefined, 'on', undefined, {
      SMTP_URL: smtp.url,
      MAIL_DOMAIN: 'test.apple-store.bg',
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const outboxRow = (id: number) =>
    server.db
      .query<{
        sent_at: Date | null;
        attempts: number;
        last_error: string | null;
        failed_at: Date | null;
        due_now: boolean;
      }>(
        'SELECT sent_at, attempts, last_error, failed_at, next_attempt_at <= now() AS due_now FROM mail_outbox WHERE id = $1',
        [id],
      )
      .then((rows) => rows[0]!);

  it("an order's mail reaches the shopper once, as text and HTML, signed with the shop's contact details", async () => {
    await setStock(server.db, ORDER_SKU, 5);
    const unit = await guestUnitPriceEur(server.url, ORDER_SKU);
    const guest = await createGuest(server.url);
    const place = guest.command('order.place', placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]));
    await guest.push([place]);
    const orderNumber = (await guest.settled([place.id]))[0]?.result?.orderNumber as string;

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toMatchObject({ text: 'maria@example.com' });
    expect(mail!.subject).toContain(orderNumber);
    expect(mail!.text).toContain(orderNumber);
    expect(mail!.text).toContain('0700 10 800');
    expect(mail!.html).toContain(orderNumber);
    expect(mail!.html).not.toContain('<script');
    expect(mail!.messageId).toMatch(/^<outbox-\d+@test\.apple-store\.bg>$/);
    const id = Number(/outbox-(\d+)@/.exec(mail!.messageId!)![1]);
    expect((await outboxRow(id)).sent_at).not.toBeNull();
    // Nothing more comes: it was sent once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received).toHaveLength(1);
  });

  it('a mail server that says "try later" gets the mail on a later try', async () => {
    smtp.refuseNext(1);
    const worker = startMailWorker(server.db, createSmtpMailer(smtp.url), {
      from: 'Apple Store BG <shop@apple-store.bg>',
      domain: 'test.apple-store.bg',
      loop: false,
    });
    const mail = await server.db.transaction((tx) =>
      enqueueMail(tx, { kind: 'order-status', to: 'ivan@example.com', subject: 'Later', body: 'Text' }),
    );
    // The store's own worker may take it first: either way one try is refused, the next one delivers.
    const until = Date.now() + 10_000;
    while ((await outboxRow(mail.outboxId!)).attempts < 1 && Date.now() < until) await worker.runOnce();
    const refused = await outboxRow(mail.outboxId!);
    expect(refused.sent_at).toBeNull();
    expect(refused.last_error).toContain('451');
    await server.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [mail.outboxId!]);
    while ((await outboxRow(mail.outboxId!)).sent_at === null && Date.now() < until) await worker.runOnce();
    await worker.stop();
    expect((await outboxRow(mail.outboxId!)).attempts).toBe(2);
    expect(smtp.received.filter((m) => m.subject === 'Later')).toHaveLength(1);
  });

  it('a worker that dies after sending, twice in a row, sends it again with the same Message-ID: one mail to the reader', async () => {
    const mail = await server.db.transaction((tx) =>
      enqueueMail(tx, { kind: 'order-status', to: 'petar@example.com', subject: 'Crash', body: 'Text' }),
    );
    // The store's worker is held off this row: as if a worker had just leased it.
    await server.db.query("UPDATE mail_outbox SET next_attempt_at = now() + interval '1 hour' WHERE id = $1", [
      mail.outboxId!,
    ]);
    const dying = () =>
      startMailWorker(server.db, createSmtpMailer(smtp.url), {
        from: 'Apple Store BG <shop@apple-store.bg>',
        domain: 'test.apple-store.bg',
        loop: false,
        leaseMs: 60_000,
        afterSend: () => {
          throw new Error('killed between sending and marking');
        },
      });
    // Another instance (PostgreSQL), or the store started again (PGlite); takes a dead claimer's mail at once.
    const survivor = () =>
      startMailWorker(server.db, createSmtpMailer(smtp.url), {
        from: 'Apple Store BG <shop@apple-store.bg>',
        domain: 'test.apple-store.bg',
        loop: false,
        takeOverAfterMs: 0,
      });
    for (let death = 0; death < 2; death++) {
      await server.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [mail.outboxId!]);
      const worker = dying();
      await expect(worker.runOnce()).rejects.toThrow('killed');
      await worker.stop();
      const row = await outboxRow(mail.outboxId!);
      expect(row.sent_at).toBeNull();
      // Leased: not due again before the lease runs out...
      expect(row.due_now).toBe(false);
    }
    const next = survivor();
    if (storeKind === 'postgres') {
      // ...but on PostgreSQL the claim's row lock went with the dead worker's transaction (its connection, when a
      // process dies): another instance sees the claim orphaned and sends the mail now, not after the lease.
      expect(await next.runOnce()).toBe(1);
    } else {
      // PGlite (one process: a dead worker is a dead store): the lease is waited out.
      expect(await next.runOnce()).toBe(0);
      await server.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [mail.outboxId!]);
      expect(await next.runOnce()).toBe(1);
    }
    await next.stop();

    const copies = smtp.received.filter((m) => m.subject === 'Crash');
    expect(copies).toHaveLength(3);
    expect(new Set(copies.map((m) => m.messageId)).size).toBe(1);
    const row = await outboxRow(mail.outboxId!);
    expect(row.sent_at).not.toBeNull();
    // Every claim counts, a dead worker's too: the two deaths and the survivor's.
    expect(row.attempts).toBe(3);
  });

  it('a password reset link is mailed once through SMTP, and the outbox keeps no secret', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const registered = await fetch(`${server.url}/api/user/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customer: { email, firstname: 'Ана', lastname: 'Петрова' },
        password: 'Str0ng!Passw0rd',
      }),
    });
    expect(registered.status).toBe(200);
    const asked = await fetch(`${server.url}/api/user/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text ?? '')?.[1];
    expect(token).toBeDefined();
    const [row] = await server.db.query<{ body: string; sent_at: Date | null }>(
      "SELECT body, sent_at FROM mail_outbox WHERE kind = 'password-reset' AND to_address = $1",
      [email],
    );
    expect(row!.sent_at).not.toBeNull();
    expect(row!.body).not.toContain(token);
  });

  it("the outbox is the operator's mail folder: sent, waiting and given up, for operators only", async () => {
    const failed = await server.db.transaction((tx) =>
      enqueueMail(tx, { kind: 'order-status', to: 'gone@example.com', subject: 'Given up', body: 'Text' }),
    );
    await server.db.query("UPDATE mail_outbox SET failed_at = now(), last_error = '550 EENVELOPE' WHERE id = $1", [
      failed.outboxId!,
    ]);
    const customer = await registerLoggedInUser(server.url, 'mail-customer');
    const asCustomer = await fetch(`${server.url}/api/operator/mail`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(asCustomer.status).toBe(403);

    const operator = await registerLoggedInUser(server.url, 'mail-operator');
    await server.db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [operator.owner]);
    const read = async (query: string) => {
      const response = await fetch(`${server.url}/api/operator/mail${query}`, {
        headers: { authorization: `Bearer ${operator.token}` },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { result: { id: number; subject: string; lastError: string | null }[] })
        .result;
    };
    const givenUp = await read('?state=failed');
    expect(givenUp.map((m) => [m.subject, m.lastError])).toContainEqual(['Given up', '550 EENVELOPE']);
    expect((await read('?state=sent')).every((m) => m.subject !== 'Given up')).toBe(true);
    const bad = await fetch(`${server.url}/api/operator/mail?state=everything`, {
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(bad.status).toBe(400);
  });
});
