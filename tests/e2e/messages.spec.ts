import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startOwnServer, stopOwnServer } from './own-server.ts';
import { v7 as uuidv7 } from 'uuid';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { createAccount, logInInBrowser, PASSWORD, uniqueEmail } from './account-helpers.ts';
import { AIRPODS, openStore, syncWaiting, waitForServiceWorker } from './helpers.ts';
import { mailsTo, type CaughtMail } from './mail-helpers.ts';

/**
 * Issue 18: the shopper's messages from the browser. An inquiry and a contact message from a guest (the
 * proof-of-work solved in the page) arrive at the suite's SMTP server (the mail catcher); a review goes through
 * moderation (an operator approves it through the API) to the product page.
 */
const SHOP = 'shop@apple-store.bg';
const PRODUCT_PATH = `/airpods-pro-3-${AIRPODS}`;
const AIRPODS_NAME = 'AirPods Pro 3';

/** The newest mail to `to` whose text holds `marker` (mails of earlier runs stay in the catcher). */
const mailWith = async (request: APIRequestContext, to: string, marker: string): Promise<CaughtMail> => {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, { to })).findLast((m) => m.text.includes(marker));
        return found !== undefined;
      },
      { timeout: 30_000, message: `a mail to ${to} with ${marker}` },
    )
    .toBe(true);
  return found!;
};

/** The product page of AirPods, with its reviews' section open (folded on a phone). */
const openProductPage = async (page: Page) => {
  await openStore(page, PRODUCT_PATH);
  const section = page.getByTestId('product-reviews-section');
  await expect(section).toBeVisible({ timeout: 30_000 });
  if (!(await section.evaluate((d) => (d as HTMLDetailsElement).open))) await section.locator('summary').click();
  return section;
};

test('a guest asks about a product: the form clears, the shop gets the inquiry and the guest a receipt', async ({
  page,
  request,
}) => {
  const marker = `Запитване ${uuidv7().slice(-8)}`;
  const email = uniqueEmail('inquiry');
  await openProductPage(page);
  const form = page.getByTestId('inquiry-form');
  await form.getByLabel('Име', { exact: true }).fill('Петя Иванова');
  await form.getByLabel('Имейл', { exact: true }).fill(email);
  await form.getByLabel('Съобщение', { exact: true }).fill(`Кога ще имате отново? ${marker}`);
  await form.getByRole('button', { name: 'Изпрати запитването' }).click();
  await expect(form.getByTestId('message-sent')).toHaveText('Запитването ви е изпратено!', { timeout: 30_000 });
  await expect(form.getByLabel('Съобщение', { exact: true })).toHaveValue('');

  const toShop = await mailWith(request, SHOP, marker);
  // Named by its name in the subject, and by name and sku in the text (issue 29, item 18).
  expect(toShop.subject).toContain(AIRPODS_NAME);
  expect(toShop.text).toContain(`${AIRPODS_NAME} (${AIRPODS})`);
  expect(toShop.text).toContain(email);
  const receipt = await mailWith(request, email, AIRPODS_NAME);
  expect(receipt.subject).toContain('Получихме вашето запитване');
});

test('the contact page: the first terms must be accepted; sent, the shop gets the message', async ({
  page,
  request,
}) => {
  const marker = `Контакт ${uuidv7().slice(-8)}`;
  const email = uniqueEmail('contact');
  await openStore(page, '/contact');
  const form = page.getByTestId('contact-form');
  await expect(page.getByRole('heading', { level: 1, name: 'Контакти' })).toBeVisible();
  await form.getByLabel('Име', { exact: true }).fill('Петя Иванова');
  await form.getByLabel('Имейл', { exact: true }).fill(email);
  await form.getByLabel('Съобщение', { exact: true }).fill(`Имате ли сервиз в Пловдив? ${marker}`);
  await form.getByRole('button', { name: 'Изпрати съобщението' }).click();
  await expect(form.getByTestId('error-terms1')).toHaveText('Трябва да приемете условията.');

  await form.getByLabel(/личните ми данни/).check();
  await form.getByRole('button', { name: 'Изпрати съобщението' }).click();
  await expect(form.getByTestId('message-sent')).toHaveText('Съобщението ви е изпратено!', { timeout: 30_000 });
  await expect(form.getByLabel('Съобщение', { exact: true })).toHaveValue('');
  const toShop = await mailWith(request, SHOP, marker);
  expect(toShop.text).toContain('Петя Иванова');
});

test("offline, a guest's contact message is kept on the device, solved there, and sent once the link is back", async ({
  page,
  request,
}) => {
  const marker = `Офлайн ${uuidv7().slice(-8)}`;
  await openStore(page, '/contact');
  // Offline the page's parts come from the service worker, and the store is started.
  await waitForServiceWorker(page);
  await expect(syncWaiting(page)).toHaveText('0 чакащи', { timeout: 30_000 });
  const form = page.getByTestId('contact-form');
  // The page keeps challenges ahead while online (a day's worth of use offline).
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('store:challenges') ?? '[]').length))
    .toBeGreaterThan(0);
  await page.context().setOffline(true);
  await form.getByLabel('Име', { exact: true }).fill('Петя Иванова');
  await form.getByLabel('Имейл', { exact: true }).fill(uniqueEmail('offline-contact'));
  await form.getByLabel('Съобщение', { exact: true }).fill(`Пиша без връзка. ${marker}`);
  await form.getByLabel(/личните ми данни/).check();
  await form.getByRole('button', { name: 'Изпрати съобщението' }).click();
  await expect(form.getByTestId('message-status')).toContainText('Запазено на устройството', { timeout: 30_000 });
  await expect(form.getByLabel('Съобщение', { exact: true })).toHaveValue('');

  await page.context().setOffline(false);
  await expect(form.getByTestId('message-sent')).toHaveText('Съобщението ви е изпратено!', { timeout: 30_000 });
  await mailWith(request, SHOP, marker);
});

/**
 * The browser suite's store cannot make an operator (the role is only in the users table), so the moderation test
 * runs its own store in this process, on an embedded PGlite it can write to, serving the same build.
 */
test.describe('a review through moderation', () => {
  let server: RunningServer;
  let db: Database;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    ({ db, server, api } = await startOwnServer());
  });
  test.afterAll(() => stopOwnServer({ db, server, api }));

  test('a user reviews AirPods; pending it is not shown; approved by the operator, it is on the product page', async ({
    browser,
  }) => {
    const account = { firstname: 'Ива', lastname: 'Стоянова', email: uniqueEmail('reviewer') };
    await createAccount(api, account);
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await logInInBrowser(page, account.email, account.firstname);

    const title = `Страхотен звук ${uuidv7().slice(-6)}`;
    const section = await openProductPage(page);
    const form = section.getByTestId('review-form');
    await form.getByLabel('Оценка', { exact: true }).selectOption('5');
    await form.getByLabel(/Заглавие/).fill(title);
    await form
      .getByLabel('Вашият отзив', { exact: true })
      .fill('Шумопотискането е отлично, батерията издържа цял ден.');
    await form.getByLabel('Псевдоним', { exact: true }).fill('Ива');
    await form.getByRole('button', { name: 'Изпрати отзива' }).click();
    await expect(form.getByTestId('message-sent')).toHaveText('Изпратихте отзива си за одобрение.', {
      timeout: 30_000,
    });
    await expect(form.getByLabel('Вашият отзив', { exact: true })).toHaveValue('');
    await expect(section.getByText(title)).toHaveCount(0);

    // The operator approves it through the API.
    const operator = uniqueEmail('review-operator');
    await createAccount(api, { firstname: 'Оператор', lastname: 'Магазин', email: operator });
    await db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [operator]);
    const login = await api.post('/api/user/login', { data: { username: operator, password: PASSWORD } });
    const headers = { authorization: `Bearer ${(await login.json()).result as string}` };
    const pending = (await (await api.get('/api/operator/reviews', { headers })).json()).result as {
      review: { id: number; title: string };
    }[];
    const mine = pending.find((p) => p.review.title === title);
    expect(mine).toBeDefined();
    expect((await api.post(`/api/operator/reviews/${mine!.review.id}/approve`, { headers })).status()).toBe(200);

    await page.reload();
    const again = page.getByTestId('product-reviews-section');
    if (!(await again.evaluate((d) => (d as HTMLDetailsElement).open))) await again.locator('summary').click();
    await expect(again.getByTestId('product-reviews').getByText(title)).toBeVisible({ timeout: 30_000 });
    await context.close();
  });
});
