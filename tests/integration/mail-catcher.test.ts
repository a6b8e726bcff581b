import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, type Mailer } from '../../sync-server/mail/smtp-mailer.ts';
import { startMailCatcher, type MailCatcher } from '../../tools/mail/catcher.ts';

interface Caught {
  to: string[];
  subject: string;
  text: string;
  messageId?: string;
}

/**
 * The mail catcher `npm start` and the browser tests run (simulators/mail-catcher): a process of its own that
 * speaks SMTP to the store's real mailer and shows what arrived over HTTP.
 */
describe('the mail catcher', () => {
  let catcher: MailCatcher;
  let mailer: Mailer;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    mailer = createSmtpMailer(catcher.smtpUrl);
  });
  afterAll(async () => {
    mailer.close();
    await catcher.stop();
  });

  const messages = async (query = ''): Promise<Caught[]> =>
    (await (await fetch(`${catcher.url}/api/messages${query}`)).json()) as Caught[];

  it('keeps what the store sends over SMTP and finds it by recipient and subject', async () => {
    const send = (to: string, subject: string) =>
      mailer.send({
        from: 'Shop <shop@test.apple-store.bg>',
        to,
        subject,
        text: `Здравейте, ${to}`,
        html: `<p>Здравейте</p>`,
        messageId: `<${subject.length}-${to}@test.apple-store.bg>`,
      });
    await send('Ivana@Example.com', 'Потвърдете абонамента');
    await send('petar@example.com', 'Поръчка 1001');

    const ivana = await messages('?to=ivana@example.com');
    expect(ivana).toHaveLength(1);
    expect(ivana[0]).toMatchObject({ to: ['ivana@example.com'], subject: 'Потвърдете абонамента' });
    expect(ivana[0]!.text).toContain('Здравейте');
    expect(await messages('?subject=поръчка')).toHaveLength(1);

    const inbox = await (await fetch(catcher.url)).text();
    expect(inbox).toContain('Поръчка 1001');
  });

  it('shows a subject as text, never as markup', async () => {
    await mailer.send({
      from: 'shop@test.apple-store.bg',
      to: 'x@example.com',
      subject: '<script>alert(1)</script>',
      text: 'x',
      html: '<p>x</p>',
      messageId: '<markup@test.apple-store.bg>',
    });
    const inbox = await (await fetch(catcher.url)).text();
    expect(inbox).not.toContain('<script>alert(1)</script>');
    expect(inbox).toContain('&lt;script&gt;');
  });

  it('empties on DELETE', async () => {
    expect((await fetch(`${catcher.url}/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(await messages()).toEqual([]);
  });
});
