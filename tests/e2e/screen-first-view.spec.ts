import { expect, test, type Page } from '@playwright/test';
import { boxes, holdScripts } from './first-view-helpers.ts';

/**
 * The cart's and the checkout's first view and preloads, drawn by the server into the page
 * (sync-server/http/screen-first-views.ts, route-preloads.ts): on a slow link a shopper sees the screen's heading
 * before the app's JavaScript has arrived, the screen's own code is already on its way, nothing moves when the app
 * takes over, and the page's policy sees no violation.
 */

const SCREEN_BOXES = ['.site-header', 'h1'];

const SCREENS = [
  {
    path: '/checkout',
    heading: 'Поръчка',
    loading: 'Зареждаме количката и запазените ви данни за поръчката…',
    chunk: /^\/assets\/checkout-page-[\w-]+\.js$/,
    // A first-time shopper's cart is empty: the app says so once the store has opened.
    ready: (page: Page) => page.getByTestId('checkout-empty'),
  },
  {
    path: '/cart',
    heading: 'Вашата количка',
    loading: 'Зареждаме количката…',
    chunk: /^\/assets\/cart-page-[\w-]+\.js$/,
    ready: (page: Page) => page.getByText('Количката ви е празна.'),
  },
];

for (const screen of SCREENS) {
  test(`${screen.path}: the heading before the app, the screen's code asked for at once, nothing moves`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        document.documentElement.dataset.policyViolation = `${event.violatedDirective} ${event.blockedURI}`;
      });
    });
    const { asked, release } = await holdScripts(page);
    await page.goto(screen.path, { waitUntil: 'commit' });

    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await expect(page.getByText(screen.loading)).toBeVisible();
    // Nothing of the app yet, and its screen's chunk already asked for beside the first page's.
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect.poll(() => asked.some((file) => screen.chunk.test(file))).toBe(true);
    const before = await boxes(page, SCREEN_BOXES);

    release();
    await expect(page.getByTestId('site-header')).toBeVisible({ timeout: 30_000 });
    await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-first-view]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(await boxes(page, SCREEN_BOXES)).toEqual(before);
    expect(await page.evaluate(() => document.documentElement.dataset.policyViolation)).toBeUndefined();
  });
}
