import { expect, test } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { startServer, type RunningServer } from '../../sync-server/server.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { logInInBrowser, PASSWORD, uniqueEmail } from './account-helpers.ts';
import { addButton, AIRPODS, badge } from './helpers.ts';

/**
 * Issue 18 in Chromium: a newsletter subscription whose confirmation mail arrives at a real SMTP server and whose
 * link confirms it; the cart sent by e-mail. A server of the test's own, in this process, with its SMTP_URL on an
 * SMTP server in this process too (tests/support/smtp-catcher). (The stock alert's mail is tested through the
 * store's own pushes in tests/integration/alerts-stock-price.test.ts.)
 */
let server: RunningServer;
let smtp: SmtpCatcher;

test.beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startServer({
    PORT: 0,
    HOST: '127.0.0.1',
    EXECUTOR: 'on',
    SEED: 'demo',
    STATIC_DIR: process.env.E2E_DIST ?? 'dist',
    SMTP_URL: smtp.url,
    db: await openDatabase({}),
  });
  // Links in mails are absolute, on PUBLIC_URL (read when each mail is written): this server's own address.
  process.env.PUBLIC_URL = server.url;
});
test.afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const mailTo = async (to: string, subject: RegExp): Promise<ParsedMail> => {
  await expect
    .poll(
      () => smtp.received.some((m) => m.to && 'text' in m.to && m.to.text === to && subject.test(m.subject ?? '')),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  return smtp.received.find((m) => m.to && 'text' in m.to && m.to.text === to && subject.test(m.subject ?? ''))!;
};

const newUser = async (label: string) => {
  const email = uniqueEmail(label);
  const res = await fetch(`${server.url}/api/user/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customer: { email, firstname: 'Мария', lastname: 'Петрова' }, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return email;
};

test('a newsletter subscription from /my-account/newsletter is confirmed by the link of its mail', async ({ page }) => {
  const email = await newUser('newsletter');
  await logInInBrowser(page, email, 'Мария', `${server.url}/login`);
  await page.goto(`${server.url}/my-account/newsletter`);
  const form = page.getByTestId('newsletter-form');
  await expect(form.getByLabel('Имейл')).toHaveValue(email);
  await form.getByRole('button', { name: 'Абонирай се' }).click();
  // The server's message, shown as a success (code 200).
  await expect(page.getByRole('status').filter({ hasText: 'Изпратихме ви писмо' })).toBeVisible();
  await expect(page.getByTestId('newsletter-status')).toHaveText(
    'Чакаме да потвърдите абонамента с връзката в писмото.',
  );

  const confirmation = await mailTo(email, /^Потвърдете абонамента/);
  const link = /(http:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+)/.exec(confirmation.text ?? '')?.[1];
  expect(link, confirmation.text).toBeDefined();
  expect(link!.startsWith(server.url)).toBe(true);
  const other = await page.context().newPage();
  await other.goto(link!);
  await expect(other.getByTestId('newsletter-answer')).toHaveText(/Абонаментът ви за бюлетина е потвърден/);
  await other.close();

  // The account's page follows live: the confirmation reached this device through the account's settings.
  await expect(page.getByTestId('newsletter-status')).toHaveText('Абонирани сте за бюлетина.', { timeout: 30_000 });
  const welcome = await mailTo(email, /10% отстъпка/);
  expect(welcome.text).toMatch(/NL-[A-Z0-9]{10}/);
});

test("'Send the cart to my e-mail' on /cart mails the logged-in shopper's cart, with the spec's notice", async ({
  page,
}) => {
  const email = await newUser('cartmail');
  await logInInBrowser(page, email, 'Мария', `${server.url}/login`);
  await page.goto(`${server.url}/`);
  await expect(addButton(page, AIRPODS)).toBeEnabled({ timeout: 30_000 });
  await addButton(page, AIRPODS).click();
  await expect(badge(page)).toHaveText('1');
  await page.getByRole('link', { name: /^Количка/ }).click();
  await page.getByTestId('send-cart-by-email').click();
  await expect(page.getByText('Количката ви беше изпратена на имейла ви.')).toBeVisible({ timeout: 30_000 });
  const mail = await mailTo(email, /^Вашата количка в Apple Store BG$/);
  expect(mail.text).toMatch(/^1 × .+: .+€ \(.+лв\.\)$/m);
  expect(mail.text).toContain(`${server.url}/`);
});
