import { expect, test, type Page } from '@playwright/test';
import { IPHONE, openStore, waitForServiceWorker } from './helpers.ts';

/** Demo catalogue: 'iphone' holds IP17-256-BLK (черен, 256 GB) and IP17PM-512-ORG (оранжев, 512 GB). */
const IPHONE_PRO_MAX = 'IP17PM-512-ORG';
const listingTile = (page: Page, sku: string) => page.locator(`[data-testid="listing-tile"][data-sku="${sku}"]`);
const tiles = (page: Page) => page.getByTestId('listing-tile');
const colour = (page: Page, label: string) =>
  page.locator('[data-filter="cvyat"]').getByRole('button', { name: new RegExp(`^${label},`) });

test('a category lists its products, filters rewrite the URL, and reset brings them back', async ({ page }) => {
  await openStore(page, '/iphone');
  await expect(page.getByRole('heading', { level: 1, name: 'iPhone' })).toBeVisible({ timeout: 30_000 });
  await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(listingTile(page, IPHONE)).toContainText('лв.');
  await expect(listingTile(page, IPHONE)).toContainText('€');
  await expect(listingTile(page, IPHONE)).toContainText('Наличен');
  await expect(listingTile(page, IPHONE).getByRole('link')).toHaveAttribute('href', `/iphone-17-256-${IPHONE}`);
  await expect(page.getByRole('navigation', { name: 'Навигационна пътека' })).toContainText('Начало');
  await expect(page).toHaveTitle('iPhone | Apple Store България');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');

  await colour(page, 'Черен').click();
  await expect(page).toHaveURL(/\/iphone\/cvyat-cheren$/);
  await expect(tiles(page)).toHaveCount(1);
  await expect(listingTile(page, IPHONE)).toBeVisible();
  await expect(colour(page, 'Черен')).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Изчисти филтрите' }).click();
  await expect(page).toHaveURL(/\/iphone$/);
  await expect(tiles(page)).toHaveCount(2);

  await page.getByLabel('Подреди по').selectOption('price-desc');
  await expect(tiles(page).first()).toHaveAttribute('data-sku', IPHONE_PRO_MAX);
});

test('a filter segment in the address is active on arrival', async ({ page }) => {
  await openStore(page, '/iphone/cvyat-oranzhev');
  await expect(tiles(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(listingTile(page, IPHONE_PRO_MAX)).toBeVisible();
  await expect(colour(page, 'Оранжев')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/iphone\/cvyat-oranzhev$/);
});

test('static routes are not taken for categories', async ({ page }) => {
  await openStore(page, '/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Вашата количка' })).toBeVisible();
  await page.goto('/page-not-found');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('an unknown category offline shows the notice and goes home', async ({ page, context }) => {
  await openStore(page);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/no-such-category');
  await expect(page.getByTestId('notification')).toContainText(
    'Продуктът, категорията или страницата не са достъпни в офлайн режим. Пренасочване към началната страница.',
    { timeout: 30_000 },
  );
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Продукти на Apple');
});
