import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { createAccount, logInInBrowser, PASSWORD, uniqueEmail } from './account-helpers.ts';
import { choosePayment, fillShipping, next, placeOrder, step } from './checkout-helpers.ts';
import { AIRPODS, IPHONE_PATH, addButton, badge, openStore } from './helpers.ts';
import { startOwnServer, stopOwnServer } from './own-server.ts';

/**
 * Issue 29, item 12: with English chosen, every route reads English. What exists only in Bulgarian (a product's
 * name and description, a content page's text, what a shopper typed in Cyrillic) is marked lang="bg", so a screen
 * reader speaks it as Bulgarian; any other Cyrillic word (visible text, an accessible name, a placeholder, the
 * page's title) is a word left untranslated. The routes are the router's (client/app/router.tsx) and the specs'
 * (catalogue.md and commerce.md section 2), each with something on it: a cart with a configurable iPhone, a placed
 * order, a published ad. Runs its own store (an operator publishes the ad), as ads.spec.ts does.
 */
let server: RunningServer;
let db: Database;
let api: APIRequestContext;

/** Cyrillic words of the page outside an element (or its ancestors) marked lang="bg…". */
const untranslated = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const cyrillic = /[\u0400-\u04FF]/;
    const bulgarianPart = (element: Element): boolean =>
      (element.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase().startsWith('bg');
    // What nobody sees or hears: display:none (no boxes), except a closed <select>'s options.
    const rendered = (element: Element): boolean =>
      element.getClientRects().length > 0 || element.closest('option, optgroup') !== null;
    const where = (element: Element): string => {
      const id = element.closest('[data-testid]')?.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${id ? ` in ${id}` : ''}`;
    };
    const found: string[] = [];
    // A title cannot mark a language: it may repeat the page's heading when that is Bulgarian-only content
    // (a product's name, a content page's title) marked lang="bg" there.
    const heading = document.querySelector('h1');
    const bulgarianHeading = heading && bulgarianPart(heading) ? (heading.textContent ?? '').trim() : '';
    const title = bulgarianHeading ? document.title.replace(bulgarianHeading, '') : document.title;
    if (cyrillic.test(title)) found.push(`title: ${document.title}`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || parent.closest('script, style, noscript, template')) continue;
      if (cyrillic.test(text) && !bulgarianPart(parent) && rendered(parent)) {
        found.push(`${where(parent)}: ${text.trim().slice(0, 80)}`);
      }
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value && cyrillic.test(value) && !bulgarianPart(element) && rendered(element)) {
          found.push(`${where(element)} [${name}]: ${value.slice(0, 80)}`);
        }
      }
    }
    return found;
  });

/** The page's words once it has settled: asked again for a few seconds while late texts (lazy chunks) arrive. */
const settledUntranslated = async (page: Page): Promise<string[]> => {
  const deadline = Date.now() + 6_000;
  let found = await untranslated(page);
  while (found.length > 0 && Date.now() < deadline) {
    await page.waitForTimeout(500);
    found = await untranslated(page);
  }
  return found;
};

/** An ad by a shopper, published by an operator (the operator API), in the category iPhone. */
async function publishedAd(title: string, sellerEmail: string): Promise<string> {
  const login = await api.post('/api/user/login', { data: { username: sellerEmail, password: PASSWORD } });
  const seller = { authorization: `Bearer ${(await login.json()).result as string}` };
  const id = crypto.randomUUID();
  const saved = await api.post('/api/sell/save', {
    headers: seller,
    data: {
      ad: {
        id,
        title,
        description: 'Работи отлично, батерията държи цял ден.',
        category: 'iphone',
        condition: 'good',
        price: { kind: 'fixed', cents: 45_000 },
        city: 'Варна',
        photos: [],
        contact: { name: 'Maria Koleva', phone: '0899 111 222' },
      },
    },
  });
  expect(saved.status()).toBe(200);
  const operatorEmail = uniqueEmail('english-operator');
  await createAccount(api, { firstname: 'Op', lastname: 'Erator', email: operatorEmail });
  await db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [operatorEmail]);
  const operatorLogin = await api.post('/api/user/login', { data: { username: operatorEmail, password: PASSWORD } });
  const operator = { authorization: `Bearer ${(await operatorLogin.json()).result as string}` };
  let approved = await api.post(`/api/operator/ads/${id}/approve`, { headers: operator, data: {} });
  if (approved.status() === 409) {
    await api.post(`/api/operator/ads/${id}/take`, { headers: operator, data: {} });
    approved = await api.post(`/api/operator/ads/${id}/approve`, { headers: operator, data: {} });
  }
  expect(approved.status()).toBe(200);
  return id;
}

test.describe('English on every route', () => {
  test.beforeAll(async () => {
    ({ db, server, api } = await startOwnServer());
  });
  test.afterAll(() => stopOwnServer({ db, server, api }));

  test('no Cyrillic word outside lang="bg" with English chosen', async ({ browser }) => {
    test.setTimeout(300_000);
    const account = { firstname: 'Ivan', lastname: 'Ivanov', email: uniqueEmail('english-routes') };
    await createAccount(api, account);
    // The shopper's own ad: its page, and its edit form under the account.
    const adId = await publishedAd(`iPhone 13 ${Date.now().toString(36)}`, account.email);
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();

    // The shopper's things, made in Bulgarian (the helpers read Bulgarian labels): an order and a cart.
    await logInInBrowser(page, account.email, account.firstname);
    await openStore(page);
    await addButton(page, AIRPODS).click();
    await expect(badge(page)).toHaveText('1');
    await page.goto('/checkout');
    await step(page, 'personal');
    await next(page).click();
    await fillShipping(page, { firstName: account.firstname, lastName: account.lastname, email: account.email });
    await choosePayment(page, 'Наложен платеж');
    await next(page).click();
    const orderId = await placeOrder(page);
    await page.goto(IPHONE_PATH);
    const add = page.getByTestId('product-page').getByRole('button', { name: 'Добави в количката' });
    await expect(add).toBeEnabled({ timeout: 30_000 });
    await add.click();
    await expect(badge(page)).toHaveText('1');

    await page.evaluate(() => localStorage.setItem('store.language', 'en'));
    const routes: readonly { path: string; ready: (page: Page) => Promise<void> }[] = [
      { path: '/', ready: (p) => expect(p.getByTestId('product-tile').first()).toBeVisible({ timeout: 30_000 }) },
      { path: '/keyboards-magic-mouse', ready: (p) => expect(p.getByTestId('listing-tile').first()).toBeVisible() },
      { path: '/iphone', ready: (p) => expect(p.getByTestId('listing-tile').first()).toBeVisible() },
      { path: '/new-apple-products', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: `/airpods-pro-3-${AIRPODS}`, ready: (p) => expect(p.getByTestId('product-sku')).toBeVisible() },
      { path: IPHONE_PATH, ready: (p) => expect(p.getByTestId('product-sku')).toBeVisible() },
      {
        path: '/magic-keyboard-touch-id-bg-MAGIC-KB-BG',
        ready: (p) => expect(p.getByTestId('product-sku')).toBeVisible(),
      },
      { path: '/search=iphone', ready: (p) => expect(p.getByTestId('listing-tile').first()).toBeVisible() },
      { path: '/cart', ready: (p) => expect(p.getByTestId('cart-line').first()).toBeVisible() },
      { path: '/checkout', ready: (p) => expect(p.getByTestId('checkout-page')).toBeVisible() },
      { path: `/checkout/thank-you/${orderId}`, ready: (p) => expect(p.getByTestId('order-number')).toBeVisible() },
      { path: '/order-tracking', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/contact', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/compare', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/wishlist', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      {
        path: '/sitemap',
        ready: (p) =>
          expect(p.getByTestId('sitemap-page').locator('section').last().getByRole('link').first()).toBeVisible(),
      },
      { path: '/delivery', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/guarantee', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/my-account', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      {
        path: '/my-account/shipping-details',
        ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
      },
      { path: '/my-account/invoice-details', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/my-account/newsletter', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/my-account/recently-viewed', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/my-account/orders', ready: (p) => expect(p.getByTestId('order-row').first()).toBeVisible() },
      { path: `/my-account/orders/${orderId}`, ready: (p) => expect(p.getByTestId('order-address')).toBeVisible() },
      { path: '/my-account/my-sell', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/my-account/my-sell/new', ready: (p) => expect(p.getByTestId('ad-form-page')).toBeVisible() },
      {
        path: `/my-account/my-sell/edit/${adId}`,
        ready: (p) => expect(p.getByTestId('ad-form-page').getByRole('textbox').first()).not.toHaveValue(''),
      },
      { path: `/payment/result/${orderId}`, ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
      { path: '/about-us', ready: (p) => expect(p.getByTestId('cms-page')).toBeVisible() },
      { path: '/page-not-found', ready: (p) => expect(p.getByTestId('not-found')).toBeVisible() },
      { path: '/posts/sell', ready: (p) => expect(p.getByTestId('ad-tile').first()).toBeVisible({ timeout: 30_000 }) },
      { path: `/posts/view/${adId}`, ready: (p) => expect(p.getByTestId('ad-description')).toBeVisible() },
      { path: '/no-such-page', ready: (p) => expect(p.getByTestId('not-found')).toBeVisible() },
      { path: '/error', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    ];
    const left: Record<string, string[]> = {};
    for (const route of routes) {
      await page.goto(route.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await route.ready(page);
      const found = await settledUntranslated(page);
      if (found.length > 0) left[route.path] = [...new Set(found)];
    }
    // The checkout's steps, in English, with the iPhone in the cart.
    await page.goto('/checkout');
    const checkout = page.getByTestId('checkout-page');
    const stepWords = async (name: string) => {
      await expect(checkout).toHaveAttribute('data-step', name, { timeout: 30_000 });
      const found = await settledUntranslated(page);
      if (found.length > 0) left[`/checkout (${name})`] = [...new Set(found)];
    };
    await stepWords('personal');
    await next(page).click();
    await stepWords('shipping');
    const fill = async (selector: string, value: string) => {
      const field = checkout.locator(selector).first();
      if ((await field.inputValue()) === '') await field.fill(value);
      await field.press('Escape');
    };
    await fill('input[name*="irstName"]', account.firstname);
    await fill('input[name*="astName"]', account.lastname);
    await fill('input[name*="treet"]', 'ул. Шипка 6');
    await fill('input[name$="city"]', 'София');
    await fill('input[name$="zipCode"]', '1000');
    await fill('input[name*="hone"]', '0888123456');
    await next(page).click();
    await stepWords('payment');
    await checkout.locator('input[type="radio"][value="cashondelivery"]').check();
    await next(page).click();
    await stepWords('review');
    // Logged out: the login and register forms.
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await page.evaluate(() => localStorage.setItem('store.language', 'en'));
    for (const path of ['/login', '/register', '/reset-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      const found = await settledUntranslated(page);
      if (found.length > 0) left[path] = [...new Set(found)];
    }
    expect(left).toEqual({});
    await context.close();
  });
});
