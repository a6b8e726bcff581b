import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { postJson } from '../support/post-json.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/**
 * Issue 18, the newsletter with double opt-in, mailed for real through SMTP: no coupon before the link is opened,
 * one coupon per address ever, unsubscribing from the mail's link, and the account's devices told the state.
 */
describe(`newsletter double opt-in (${storeKind})`, () => {
  let smtp: SmtpCatcher;
  let server: RunningServer;
  let n = 0;
  const address = () => `reader${++n}-${Date.now()}@example.bg`;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    process.env.PUBLIC_URL = 'https://shop.example.bg';
    server = await startTestServer(undefined, 'on', undefined, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    delete process.env.PUBLIC_URL;
    await server.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const subscribe = (email: string, language?: 'bg' | 'en') =>
    postJson(server.url, '/api/user/subscribe', { email, ...(language ? { language } : {}) });
  const couponOf = async (email: string) =>
    (
      await server.db.query<{ coupon_code: string | null; status: string }>(
        'SELECT coupon_code, status FROM newsletter_subscriptions WHERE email_key = $1',
        [email.toLowerCase()],
      )
    )[0];
  /** The link of a mail, made local: the mail's links are absolute, on PUBLIC_URL. */
  const linkIn = (text: string, path: string) => {
    const found = new RegExp(`https://shop\\.example\\.bg(${path}\\?token=[A-Za-z0-9_-]+)`).exec(text);
    expect(found, `a ${path} link in:\n${text}`).not.toBeNull();
    return `${server.url}${found![1]}`;
  };

  it('subscribing mails a confirmation link and makes no coupon; opening the link confirms and mails the coupon once', async () => {
    const email = address();
    const asked = await subscribe(email);
    expect(asked).toEqual({
      status: 200,
      body: { code: 200, result: 'Изпратихме ви писмо: потвърдете абонамента с връзката в него.' },
    });
    const [confirmation] = await smtp.waitFor(1);
    expect(confirmation!.subject).toBe('Потвърдете абонамента си за бюлетина на Apple Store BG');
    // No coupon exists before the confirmation.
    expect(await couponOf(email)).toEqual({ coupon_code: null, status: 'pending' });
    // The outbox keeps no secret: the link's token is not in the stored body.
    const link = linkIn(confirmation!.text!, '/newsletter/confirm');
    const token = new URL(link).searchParams.get('token')!;
    const stored = await server.db.query<{ body: string }>(
      "SELECT body FROM mail_outbox WHERE kind = 'newsletter-confirm'",
    );
    expect(stored.some((row) => row.body.includes(token))).toBe(false);

    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Абонаментът ви за бюлетина е потвърден');
    const mails = await smtp.waitFor(2);
    const welcome = mails[1]!;
    const code = (await couponOf(email))!.coupon_code!;
    expect(code).toMatch(/^NL-[A-Z0-9]{10}$/);
    expect(welcome.subject).toContain('10% отстъпка');
    expect(welcome.text).toContain(code);
    expect(welcome.html).toContain(code);
    const [coupon] = await server.db.query<{ doc: Record<string, unknown> }>(
      'SELECT doc FROM coupons WHERE code = $1',
      [code],
    );
    expect(coupon!.doc).toMatchObject({ kind: 'percent', value: 10, usageLimit: 1 });

    // The link works once; asking again for a confirmed address sends nothing and tells nothing.
    expect((await fetch(link)).status).toBe(404);
    expect((await subscribe(email)).body.result).toBe(asked.body.result);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received).toHaveLength(2);
  });

  it('unsubscribing by the link of the mail, then subscribing again, gives no second coupon', async () => {
    const email = address();
    await subscribe(email, 'en');
    const [confirmation] = await smtp.waitFor(1);
    expect(confirmation!.subject).toBe('Confirm your subscription to the Apple Store BG newsletter');
    await fetch(linkIn(confirmation!.text!, '/newsletter/confirm'));
    const [, welcome] = await smtp.waitFor(2);
    const first = (await couponOf(email))!.coupon_code;

    const left = await fetch(linkIn(welcome!.text!, '/newsletter/unsubscribe'));
    expect(await left.text()).toContain('You have unsubscribed from the newsletter.');
    expect((await couponOf(email))!.status).toBe('unsubscribed');

    await subscribe(email, 'en');
    const again = (await smtp.waitFor(3))[2]!;
    expect((await fetch(linkIn(again.text!, '/newsletter/confirm'))).status).toBe(200);
    expect(await couponOf(email)).toEqual({ coupon_code: first, status: 'confirmed' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received).toHaveLength(3);
    const coupons = await server.db.query("SELECT code FROM coupons WHERE code LIKE 'NL-%' AND code = $1", [first!]);
    expect(coupons).toHaveLength(1);
  });

  it("a user's subscription state reaches the account's settings document, and DELETE unsubscribes", async () => {
    const user = await registerLoggedInUser(server.url, 'newsletter');
    const settings = async () => {
      const res = await fetch(`${server.url}/sync/accountSettings/pull?after=0&limit=10`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const body = (await res.json()) as { documents: { newsletter: { status: string } }[] };
      return body.documents.at(-1)?.newsletter.status;
    };
    await subscribe(user.email);
    expect(await settings()).toBe('pending');
    const [confirmation] = await smtp.waitFor(1);
    await fetch(linkIn(confirmation!.text!, '/newsletter/confirm'));
    expect(await settings()).toBe('subscribed');
    const res = await fetch(`${server.url}/api/user/subscribe`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(await res.json()).toEqual({ code: 200, result: 'Отписахте се от бюлетина.' });
    expect(await settings()).toBe('unsubscribed');
  });

  it('refuses a malformed address naming the field, and a fourth confirmation mail within the hour', async () => {
    const bad = await subscribe('not-an-address');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('email');
    const email = address();
    for (let i = 0; i < 3; i++) expect((await subscribe(email)).status).toBe(200);
    const fourth = await subscribe(email);
    expect(fourth.status).toBe(429);
    expect(JSON.stringify(fourth.body)).toContain('email');
  });
});
