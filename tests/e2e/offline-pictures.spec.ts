import { expect, test, type Locator } from '@playwright/test';
import { IPHONE, IPHONE_PATH, openStore, productOnDevice, waitForServiceWorker } from './helpers.ts';

/**
 * Issue 19: "Offline, the product page's main picture is a blank box: the pictures a shopper saw are kept for
 * offline use." The shopper lands on a product page first: its pictures load before the worker is installed.
 */
const loaded = (image: Locator) => image.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);

test('a product page seen online shows its picture offline, the first page of a visit included', async ({ page }) => {
  await page.goto(`/iphone-17-256-${IPHONE}`);
  const main = page.getByTestId('product-gallery').locator('img').first();
  await expect.poll(() => loaded(main), { timeout: 30_000 }).toBe(true);
  // The worker takes control of this very page (clientsClaim) without a reload.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).includes('product-images')), { timeout: 15_000 })
    .toBe(true);
  await expect
    .poll(async () => page.evaluate(async () => (await (await caches.open('product-images')).keys()).length), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const offlineMain = page.getByTestId('product-gallery').locator('img').first();
  await expect.poll(() => loaded(offlineMain), { timeout: 15_000 }).toBe(true);
});

test('listing thumbnails of a category visited online show offline', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.goto('/iphone');
  const thumbnails = page.getByTestId('listing-tile').locator('img');
  await expect(thumbnails.first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => loaded(thumbnails.first()), { timeout: 15_000 }).toBe(true);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('listing-tile').first()).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => loaded(page.getByTestId('listing-tile').locator('img').first()), { timeout: 15_000 })
    .toBe(true);
});

test("offline, a product picture the device never downloaded is the store's drawing, not a blank box", async ({
  page,
}) => {
  await openStore(page);
  await waitForServiceWorker(page);
  await productOnDevice(page, IPHONE);
  // The product's page was never opened: its gallery picture was never downloaded.
  await page.context().setOffline(true);
  await page.goto(IPHONE_PATH);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const main = page.getByTestId('product-gallery').locator('img').first();
  await expect(main).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => loaded(main), { timeout: 15_000 }).toBe(true);
  await expect(page.getByTestId('product-gallery').locator('.product-image--placeholder')).toHaveCount(0);
});
