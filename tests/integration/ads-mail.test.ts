import { v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdInput } from '../../schema/ads/ad.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { postJson } from '../support/post-json.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/**
 * Issue 18: an operator's decision on an ad reaches its owner as a real e-mail (SMTP, read back with mailparser),
 * in both languages, with what the shopper wrote escaped in the HTML and never made a link.
 */
describe(`ad decisions by e-mail (${storeKind})`, () => {
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

  it('approve and refuse each mail the owner once; the title stays text', async () => {
    const [category] = await server.db.query<{ slug: string }>('SELECT slug FROM categories WHERE is_active LIMIT 1');
    const owner = await registerLoggedInUser(server.url, 'ads-mail');
    const operator = await registerLoggedInUser(server.url, 'ads-mail-operator');
    await server.db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [operator.owner]);
    const ad = (title: string): AdInput => ({
      id: uuidv4(),
      title,
      description: 'Запазен, с кутия и зарядно.',
      category: category!.slug,
      condition: 'good',
      price: { kind: 'negotiable' },
      city: 'Варна',
      photos: [],
      contact: { name: 'Петя Иванова', phone: '0888 123 456' },
    });
    const first = ad('iPhone <3 & „кавички“ http://evil.example/x');
    const second = ad('Втора обява за отказ');
    for (const each of [first, second]) {
      const saved = await postJson(server.url, '/api/sell/save', { ad: each }, owner.token);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    expect((await postJson(server.url, `/api/operator/ads/${first.id}/approve`, {}, operator.token)).status).toBe(200);
    const reason = { reason: 'Описанието не е за продукта.' };
    expect((await postJson(server.url, `/api/operator/ads/${second.id}/refuse`, reason, operator.token)).status).toBe(
      200,
    );

    // Other mails (an account's) may arrive meanwhile: wait for the ads' two.
    const isAdMail = (m: { subject?: string | undefined }) => m.subject?.startsWith('Обявата ви') === true;
    let mails = await smtp.waitFor(2);
    while (mails.filter(isAdMail).length < 2) mails = await smtp.waitFor(mails.length + 1);
    const approved = mails.find((m) => m.subject?.includes('публикувана'))!;
    const refused = mails.find((m) => m.subject?.includes('не е одобрена'))!;
    expect(approved.to).toMatchObject({ text: owner.email });
    expect(approved.text).toContain('Обявата ви „iPhone <3 & „кавички“ http: evil.example/x“ е одобрена');
    expect(approved.text).toContain('Your ad "iPhone <3 & „кавички“ http: evil.example/x" is approved');
    expect(approved.html).toContain('iPhone &lt;3 &amp;');
    expect(approved.html).not.toContain('evil.example/x"');
    expect(approved.html).not.toContain('<a ');
    expect(refused.text).toContain('Причина: Описанието не е за продукта.');
    expect(refused.text).toContain('Reason: Описанието не е за продукта.');
    expect(smtp.received.filter(isAdMail)).toHaveLength(2);
  });
});
