import { expect, type Page } from '@playwright/test';

/** Demo products seeded by the server (sync-server/catalog/demo-catalog.ts). */
export const AIRPODS = 'APP3';
export const IPHONE = 'IP17-256-BLK';
export const OUT_OF_STOCK = 'MAGIC-KB-BG';

export const tile = (page: Page, sku: string) => page.locator(`[data-testid="product-tile"][data-sku="${sku}"]`);

export const addButton = (page: Page, sku: string) => tile(page, sku).getByRole('button');

export const badge = (page: Page) => page.getByTestId('cart-badge');
export const syncMode = (page: Page) => page.getByTestId('sync-mode');
export const syncWaiting = (page: Page) => page.getByTestId('sync-waiting');

/** Opens the home page and waits until the catalogue has arrived and the cart identity is ready. */
export async function openStore(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('site-header')).toBeVisible();
  if (path === '/') {
    await expect(page.getByTestId('product-tile')).not.toHaveCount(0, { timeout: 30_000 });
    await expect(addButton(page, AIRPODS)).toBeEnabled({ timeout: 30_000 });
  }
}

/** Waits for the service worker to control the page (clientsClaim makes that happen without a reload, usually). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(
      async () => {
        const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
        if (!controlled) await page.reload();
        return controlled;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
}
