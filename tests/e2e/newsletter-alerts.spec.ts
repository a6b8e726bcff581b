import { expect, test } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { sweepAlerts } from '../../sync-server/alerts/alert-sweep.ts';
import { setStock } from '../../sync-server/catalog/stock-changes.ts';
import { startServer, type RunningServer } from '../../sync-server/server.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { logInInBrowser, PASSWORD, uniqueEmail } from './account-helpers.ts';
import { addButton, AIRPODS, badge, openCartFromHeader, OUT_OF_STOCK } from './helpers.ts';

/**
 * Issue 18 in Chromium: a newsletter subscription whose confirmation mail arrives at a real SMTP server and whose
 * link confirms it; a stock alert set on the product page and e-mailed when the stock returns. A server of the
 * test's own, in this process, with its SMTP_URL on an SMTP server in this process too (tests/support/smtp-catcher):
 * the test changes a stock figure in its store, as an order or the stock service would, and runs the alert sweep.
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

test('a stock alert set on the product page is e-mailed once when the product is back in stock', async ({ page }) => {
  // The demo catalogue's product out of stock (its stock row at 0).
  const [row] = await server.db.query<{ slug: string; name: string }>(
    "SELECT doc->>'slug' AS slug, name FROM catalog_products WHERE sku = $1",
    [OUT_OF_STOCK],
  );
  const email = await newUser('alert');
  await logInInBrowser(page, email, 'Мария', `${server.url}/login`);
  await page.goto(`${server.url}/${encodeURIComponent(row!.slug)}-${OUT_OF_STOCK}`);
  const stockToggle = page.getByTestId('product-notification-notify_for_stock');
  await expect(stockToggle).toBeVisible({ timeout: 30_000 });
  await stockToggle.click();
  await expect(stockToggle).toBeChecked();
  await expect(page.getByText('Ще ви уведомим, когато продуктът е наличен.')).toBeVisible();
  await expect(page.getByText('Настройките се пазят в профила ви; ще получите имейл.')).toBeVisible();
  // The setting is on the account once the device has pushed it.
  await expect
    .poll(
      async () => {
        const rows = await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM account_settings s JOIN users u ON u.owner = s.owner
         WHERE u.email = $1 AND s.doc->'notifications' @> $2::jsonb`,
          [email, JSON.stringify([{ sku: OUT_OF_STOCK, notify_for_stock: true }])],
        );
        return rows[0]?.n;
      },
      { timeout: 30_000 },
    )
    .toBe(1);

  await server.db.transaction((tx) => setStock(tx, OUT_OF_STOCK, 5));
  await sweepAlerts(server.db, server.url);
  await sweepAlerts(server.db, server.url);
  const alert = await mailTo(email, /^Отново в наличност: /);
  expect(alert.subject).toBe(`Отново в наличност: ${row!.name}`);
  expect(alert.text).toContain(`${server.url}/`);
  expect(alert.html).toContain('<a href="http://127.0.0.1:');
  // Once: nothing more arrives for this change.
  await page.waitForTimeout(2000);
  expect(
    smtp.received.filter(
      (m) => m.subject?.startsWith('Отново в наличност') && m.to && 'text' in m.to && m.to.text === email,
    ),
  ).toHaveLength(1);
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
  await openCartFromHeader(page);
  await page.getByTestId('send-cart-by-email').click();
  await expect(page.getByText('Количката ви беше изпратена на имейла ви.')).toBeVisible({ timeout: 30_000 });
  const mail = await mailTo(email, /^Вашата количка в Apple Store BG$/);
  expect(mail.text).toMatch(/^1 × .+: .+€ \(.+лв\.\)$/m);
  expect(mail.text).toContain(`${server.url}/`);
});
