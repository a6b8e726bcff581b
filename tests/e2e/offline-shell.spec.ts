import { expect, test } from '@playwright/test';
import { AIRPODS, badge, openStore, syncMode, tile, waitForServiceWorker } from './helpers.ts';

test('after a first visit the app opens offline with its products from IndexedDB', async ({ page, context }) => {
  await openStore(page);
  await waitForServiceWorker(page);
  const productCount = await page.getByTestId('product-tile').count();
  expect(productCount).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByRole('link', { name: /Apple Store България/ })).toBeVisible();
  await expect(syncMode(page)).toHaveText('Офлайн');
  await expect(page.getByTestId('product-tile')).toHaveCount(productCount);
  await expect(tile(page, AIRPODS)).toContainText('лв.');
  await expect(tile(page, AIRPODS)).toContainText('€');

  // A deep link opens offline too (navigation fallback to the cached app shell).
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Вашата количка' })).toBeVisible();
  await expect(badge(page)).toHaveText('0');
  // Drawn with the cart's own stylesheet (a file of its own, vite.config.ts LAZY_STYLE_AREAS), kept by the worker too.
  await expect(page.locator('.empty')).toHaveCSS('display', 'flex');
});
