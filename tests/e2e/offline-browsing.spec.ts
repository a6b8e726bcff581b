import { expect, test, type Page } from '@playwright/test';
import { IPHONE, badge, openStore, productOnDevice, syncMode, waitForServiceWorker } from './helpers.ts';

/**
 * Issue 4, "Offline": after one online visit the whole catalogue browses, filters, sorts and searches from
 * the device. Every step below is a full page load with the network off, so nothing can come from the server.
 */
const IPHONE_PRO_MAX = 'IP17PM-512-ORG';
// A desktop, where the filter panel sits beside the grid (category-mobile.spec.ts covers the phone's overlay).
test.use({ viewport: { width: 1280, height: 900 } });
const tiles = (page: Page) => page.getByTestId('listing-tile');
const listingTile = (page: Page, sku: string) => page.locator(`[data-testid="listing-tile"][data-sku="${sku}"]`);

async function visitOnceThenGoOffline(page: Page): Promise<void> {
  await openStore(page);
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
}

test('offline, a category lists, filters and sorts from the device', async ({ page }) => {
  await visitOnceThenGoOffline(page);

  await page.goto('/iphone');
  await expect(syncMode(page)).toHaveText('Офлайн');
  await expect(page.getByRole('heading', { level: 1, name: 'iPhone' })).toBeVisible({ timeout: 30_000 });
  await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });

  await page
    .locator('[data-filter="cvyat"]')
    .getByRole('button', { name: /^Оранжев,/ })
    .click();
  await expect(page).toHaveURL(/\/iphone\/cvyat-oranzhev$/);
  await expect(tiles(page)).toHaveCount(1);
  await expect(listingTile(page, IPHONE_PRO_MAX)).toBeVisible();

  await page.goto('/iphone');
  await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });
  await page.getByLabel('Подреди по').selectOption('price-asc');
  await expect(tiles(page).first()).toHaveAttribute('data-sku', IPHONE);
  await page.getByLabel('Подреди по').selectOption('price-desc');
  await expect(tiles(page).first()).toHaveAttribute('data-sku', IPHONE_PRO_MAX);
});

test('offline, a product page opens from a tile and from its address', async ({ page }) => {
  await visitOnceThenGoOffline(page);

  await page.goto('/iphone');
  await listingTile(page, IPHONE).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`-${IPHONE}$`));
  await expect(page.getByRole('heading', { level: 1, name: /iPhone 17, 256 GB/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main')).toContainText('лв.');

  await page.goto(`/iphone-17-pro-max-512-${IPHONE_PRO_MAX}`);
  await expect(page.getByRole('heading', { level: 1, name: /iPhone 17 Pro Max/ })).toBeVisible({ timeout: 30_000 });
});

test('offline, the search results page answers from the local catalogue, typo included', async ({ page }) => {
  await visitOnceThenGoOffline(page);

  await page.goto(`/search=${encodeURIComponent('оронжев')}`);
  await expect(page.locator(`[data-sku="${IPHONE_PRO_MAX}"]`).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(`[data-sku="${IPHONE}"]`)).toHaveCount(0);
});

test('offline, the header cart link on a product page opens the cart', async ({ page }) => {
  await visitOnceThenGoOffline(page);
  await page.goto(`/iphone-17-256-${IPHONE}`);
  await expect(page.getByRole('heading', { level: 1, name: /iPhone 17, 256 GB/ })).toBeVisible({ timeout: 30_000 });
  // A bug: leaving a product page offline, the category route looked up the next address and sent it home. The
  // link opens the mini-cart (its chunk served offline too), whose 'Към количката' (with a line in the cart: an
  // empty one offers the products instead) leads to the page.
  await productOnDevice(page, IPHONE);
  await page.getByTestId('product-page').getByRole('button', { name: 'Добави в количката' }).click();
  await expect(badge(page)).toHaveText('1');
  await page
    .getByRole('navigation', { name: 'Профил, списъци и количка' })
    .getByRole('link', { name: /Количка/ })
    .click();
  await page.getByRole('dialog', { name: 'Вашата количка' }).getByRole('link', { name: 'Към количката' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вашата количка' })).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(/\/cart$/);
});
