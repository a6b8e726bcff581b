import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createAccount, logInInBrowser, uniqueEmail } from './account-helpers.ts';
import { choosePayment, fillShipping, next, placeOrder, step } from './checkout-helpers.ts';
import { AIRPODS, IPHONE_PATH, addButton, badge, identityReady, openStore } from './helpers.ts';

/**
 * Issue 29, item 20: in normal use the browser's console stays clean. A shopper browses, searches, adds to the
 * cart, logs in, checks out and posts an ad, and opens an address that names nothing: no error is logged and no
 * request fails (no 401 of a retired guest token after the login, no 404 of a page lookup, no 404 of a photo's
 * HEAD before its upload).
 */

/** An address that names nothing: its page is the not-found page, and the document itself answers 404 for it. */
const UNKNOWN = '/no-such-page-here';

/**
 * What went wrong in the page: console errors, and requests answered 4xx/5xx or not answered at all. The one
 * 404 expected is the document of the unknown address (the server says so to browsers and crawlers alike), with
 * the browser's line about it.
 */
const watch = (page: Page): string[] => {
  const problems: string[] = [];
  const unknownDocument = (url: string) => new URL(url).pathname === UNKNOWN;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/status of 404/.test(message.text()) && unknownDocument(message.location().url)) return;
    problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const request = response.request();
    if (response.status() === 404 && request.isNavigationRequest() && unknownDocument(response.url())) return;
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A request the page itself gave up (a lookup superseded by the next keystroke or page) is no fault.
    if (failure === 'net::ERR_ABORTED') return;
    problems.push(`failed ${request.method()} ${new URL(request.url()).pathname}: ${failure}`);
  });
  return problems;
};

const jpeg = (r: number, g: number, b: number): Promise<Buffer> =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

test('browsing, searching and an unknown address log nothing and fail no request', async ({ page }) => {
  const problems = watch(page);
  await openStore(page);
  await page.goto('/iphone');
  await expect(page.getByTestId('listing-tile').first()).toBeVisible({ timeout: 30_000 });
  await page.goto(IPHONE_PATH);
  await expect(page.getByTestId('product-page')).toBeVisible({ timeout: 30_000 });
  const search = page.getByRole('search').getByRole('searchbox', { name: 'Търсене в магазина' });
  await search.fill('airpods');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search=airpods$/);
  await page.goto(UNKNOWN);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  // The page keeps a pull open, so it is never idle: what follows a page's start has a few seconds to show.
  await page.waitForTimeout(3000);
  expect(problems).toEqual([]);
});

test('a shopper who adds to the cart, logs in, checks out and posts an ad logs nothing and fails no request', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = { firstname: 'Виктор', lastname: 'Стоянов', email: uniqueEmail('clean-console') };
  await createAccount(request, account);
  const problems = watch(page);

  await openStore(page);
  await addButton(page, AIRPODS).click();
  await expect(badge(page)).toHaveText('1');
  await expect(page.getByTestId('sync-waiting')).toHaveText('0 чакащи', { timeout: 30_000 });

  await logInInBrowser(page, account.email, account.firstname);
  await identityReady(page);
  // The device's pullers and pushes run on with the user's token for a while: none may use the guest's.
  await page.waitForTimeout(3000);
  await page.goto('/checkout');
  await step(page, 'personal');
  await next(page).click();
  await fillShipping(page, { firstName: account.firstname, lastName: account.lastname, email: account.email });
  await choosePayment(page, 'Наложен платеж');
  await next(page).click();
  await placeOrder(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/my-account/my-sell/new');
  await expect(page.getByRole('heading', { name: 'Нова обява' })).toBeVisible({ timeout: 30_000 });
  const form = page.getByTestId('ad-form-page');
  await expect(form.getByLabel('Категория').locator('option')).not.toHaveCount(1, { timeout: 30_000 });
  await form.getByLabel('Заглавие').fill(`MacBook Air M1 ${Date.now().toString(36)}`);
  await form.getByLabel('Описание').fill('Запазен, с кутия и зарядно, батерия 88%.');
  await form.getByLabel('Категория').selectOption({ index: 1 });
  await form.getByLabel('Състояние').selectOption({ label: 'Като нов' });
  await form.getByLabel('Цена в евро').fill('520');
  await form.getByLabel('Град').fill('Пловдив');
  await form.getByLabel('Телефон', { exact: true }).fill('0888 654 321');
  await form
    .getByTestId('ad-photo-input')
    .setInputFiles([{ name: 'lid.jpg', mimeType: 'image/jpeg', buffer: await jpeg(20, 160, 40) }]);
  await expect(page.getByTestId('ad-photo')).toHaveCount(1);
  await page.getByRole('button', { name: 'Публикувай обявата' }).click();
  await expect(page).toHaveURL(/\/my-account\/my-sell$/);
  await expect(page.getByTestId('my-ad-status').first()).toHaveText('Състояние: Чака одобрение', {
    timeout: 60_000,
  });
  await page.waitForTimeout(3000);
  expect(problems).toEqual([]);
});
