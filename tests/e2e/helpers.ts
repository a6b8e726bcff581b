import { expect, type Page } from '@playwright/test';

/** Demo products seeded by the server (sync-server/catalog/demo-catalog.ts). */
export const AIRPODS = 'APP3';
export const IPHONE = 'IP17-256-BLK';
export const OUT_OF_STOCK = 'MAGIC-KB-BG';
/** A second product of home's top products (promo, in stock), beside AIRPODS. */
export const MACBOOK_AIR = 'MBA13-M4-16-256';
/** IPHONE's own page: home lists its sections only, so a product beyond them is added there. */
export const IPHONE_PATH = `/iphone-17-256-${IPHONE}`;

export const tile = (page: Page, sku: string) => page.locator(`[data-testid="product-tile"][data-sku="${sku}"]`);

export const addButton = (page: Page, sku: string) => tile(page, sku).getByRole('button');

export const badge = (page: Page) => page.getByTestId('cart-badge');

/** Opens the cart page from the header: the cart link opens the mini-cart, whose 'Към количката' leads there. */
export async function openCartFromHeader(page: Page): Promise<void> {
  await page.getByRole('link', { name: /^Количка/ }).click();
  await page.getByRole('dialog', { name: 'Вашата количка' }).getByRole('link', { name: 'Към количката' }).click();
}
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
  // The buttons work before the identity has come (a tap is kept under a provisional owner); tests start from a
  // device that has its identity.
  await identityReady(page);
}

/** Opens a product's page (a path, on the page's own server) and adds it to the cart from there. */
export async function addFromProductPage(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, page.url()).toString());
  const add = page.getByTestId('product-page').getByRole('button', { name: 'Добави в количката' });
  await expect(add).toBeEnabled({ timeout: 30_000 });
  // The device's store open with its identity first: a tap that the page is left right after is then written at
  // once, not behind the store's start.
  await identityReady(page);
  await add.click();
}

/** The device has its cart identity (the sync state says so). */
export async function identityReady(page: Page): Promise<void> {
  await expect(page.getByTestId('sync-state')).toHaveAttribute('data-identity', 'ready', { timeout: 30_000 });
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

/**
 * The device's catalogue holds the product (its first pull has landed in IndexedDB): a tap made offline is then
 * priced on the device at once. Before that, the tap is kept and waits (offline-first-visit.spec.ts).
 */
export async function productOnDevice(page: Page, sku: string): Promise<void> {
  const held = () =>
    page.evaluate(async (wanted) => {
      const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.endsWith('--products'));
      if (!name) return false;
      return new Promise<boolean>((resolve) => {
        const request = indexedDB.open(name);
        request.onerror = () => resolve(false);
        request.onsuccess = () => {
          const db = request.result;
          const get = db.transaction('docs', 'readonly').objectStore('docs').get(wanted);
          get.onsuccess = () => resolve(get.result !== undefined);
          get.onerror = () => resolve(false);
          db.close();
        };
      });
    }, sku);
  await expect.poll(held, { timeout: 30_000 }).toBe(true);
}
