import type { ParsedMail } from 'mailparser';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import { sweepAlerts } from '../../sync-server/alerts/index.ts';
import { setStock } from '../../sync-server/catalog/stock-changes.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { postJson } from '../support/post-json.ts';
import { pendingCommand } from '../support/protocol-client.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/**
 * Issue 32, "Consent and records": every marketing mail (the newsletter's, a product's alert) carries a working
 * one-click unsubscribe (RFC 8058: List-Unsubscribe with List-Unsubscribe-Post), sent for real through SMTP and
 * read back as a mail client reads it; and when and how each consent was given and withdrawn is kept.
 */
describe(`one-click unsubscribe and consent records (${storeKind})`, () => {
  let smtp: SmtpCatcher;
  let server: RunningServer;
  const PUBLIC = 'https://shop.example.bg';
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    process.env.PUBLIC_URL = PUBLIC;
    server = await startTestServer(undefined, 'on', undefined, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    delete process.env.PUBLIC_URL;
    await server.close();
    await smtp.close();
  });

  /** A mail's header line as sent (mailparser keeps the raw lines beside what it parsed). */
  const headerOf = (mail: ParsedMail, name: string): string | undefined =>
    mail.headerLines
      .find((h) => h.key === name)
      ?.line.slice(name.length + 1)
      .trim();
  /** The mail's one-click address, made local (the mail's links are on PUBLIC_URL). */
  const oneClickUrl = (mail: ParsedMail): string => {
    const header = headerOf(mail, 'list-unsubscribe');
    expect(header, 'a List-Unsubscribe header').toMatch(/^<https:\/\/shop\.example\.bg\/.+>$/);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    return header!.slice(1, -1).replace(PUBLIC, server.url);
  };
  /** What a mail client sends on "unsubscribe" (RFC 8058 section 3.1). */
  const postOneClick = (url: string, body = 'List-Unsubscribe=One-Click') =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  const consentsOf = (subject: string) =>
    server.db.query<{ channel: string; event: string; via: string }>(
      'SELECT channel, event, via FROM consent_events WHERE subject = $1 ORDER BY id',
      [subject],
    );

  it("the newsletter's welcome mail unsubscribes its reader in one click; consent given and withdrawn are kept", async () => {
    const email = `one-click-${Date.now()}@example.bg`;
    expect((await postJson(server.url, '/api/user/subscribe', { email })).status).toBe(200);
    const [confirmation] = await smtp.waitFor(1);
    const confirm = /https:\/\/shop\.example\.bg(\/newsletter\/confirm\?token=[A-Za-z0-9_-]+)/.exec(
      confirmation!.text!,
    )![1]!;
    expect((await fetch(`${server.url}${confirm}`)).status).toBe(200);
    const welcome = (await smtp.waitFor(2)).find((m) => m.subject?.includes('10%'))!;
    // The confirmation itself is not marketing: it carries no unsubscribe header.
    expect(headerOf(confirmation!, 'list-unsubscribe')).toBeUndefined();
    const url = oneClickUrl(welcome);

    // Any other body is not a one-click unsubscription: refused, naming the field, and nothing changes.
    const refused = await postOneClick(url, 'unsubscribe=yes');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ result: { field: 'List-Unsubscribe' } });
    const status = async () =>
      (
        await server.db.query<{ status: string }>('SELECT status FROM newsletter_subscriptions WHERE email_key = $1', [
          email,
        ])
      )[0]?.status;
    expect(await status()).toBe('confirmed');

    expect((await postOneClick(url)).status).toBe(200);
    expect(await status()).toBe('unsubscribed');
    expect(await consentsOf(email)).toEqual([
      { channel: 'newsletter', event: 'given', via: 'double-opt-in' },
      { channel: 'newsletter', event: 'withdrawn', via: 'one-click' },
    ]);
  });

  it("an alert's mail turns that alert off in one click; a GET only asks, and a forged address changes nothing", async () => {
    const SKU = 'APP3';
    const user = await registerLoggedInUser(server.url, 'one-click-alert');
    const clientId = `client-${uuidv7()}`;
    const set = pendingCommand({ owner: user.owner, clientId, seq: 1 }, 'alerts.set', {
      sku: SKU,
      notify_for_stock: true,
      notify_for_price: false,
    });
    const push = (docs: CommandDocument[]) =>
      postJson(server.url, '/sync/commands/push', { rows: docs.map((d) => ({ newDocumentState: d })) }, user.token);
    expect((await push([set])).status).toBe(200);
    const settings = async () => {
      const res = await fetch(`${server.url}/sync/accountSettings/pull?after=0&limit=100`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const docs = ((await res.json()) as { documents: { notifications: { sku: string }[] }[] }).documents;
      return docs.at(-1)?.notifications ?? [];
    };
    for (let i = 0; i < 200 && (await settings()).length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await settings()).toEqual([{ sku: SKU, notify_for_stock: true, notify_for_price: false }]);

    await server.db.transaction((tx) => setStock(tx, SKU, 0));
    await sweepAlerts(server.db, PUBLIC);
    const before = smtp.received.length;
    await server.db.transaction((tx) => setStock(tx, SKU, 3));
    await sweepAlerts(server.db, PUBLIC);
    const mail = (await smtp.waitFor(before + 1, 15_000)).slice(before).find((m) => m.subject?.includes('наличност'))!;
    const url = oneClickUrl(mail);
    // The same address is in the text, for a reader whose mail client shows no unsubscribe button.
    expect(mail.text).toContain(url.replace(server.url, PUBLIC));

    // A GET (a person's click, or a scanner following links) asks first and turns nothing off.
    const asked = await fetch(url);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('<form method="post"');
    expect(await settings()).toHaveLength(1);
    // Signed for this owner, product and alert: the same signature for another product is refused.
    const forged = new URL(url);
    forged.searchParams.set('s', 'APP4');
    expect((await postOneClick(forged.toString())).status).toBe(400);

    expect((await postOneClick(url)).status).toBe(200);
    expect(await settings()).toEqual([]);
    expect(await consentsOf(user.owner)).toEqual([
      { channel: `stock-alert:${SKU}`, event: 'given', via: 'alerts.set' },
      { channel: `stock-alert:${SKU}`, event: 'withdrawn', via: 'one-click' },
    ]);
  });
});
