import { expect, test } from '@playwright/test';
import { openStore } from './helpers.ts';

/**
 * Demo catalogue (sync-server/catalog/demo-catalog.ts): no `flag` attribute, so the flag pages read the product
 * booleans; `new` is set on MBA13-M4-16-256, IP17-256-BLK and IP17PM-512-ORG. CMS pages about-us, guarantee and
 * delivery are active; summer-2024 is not.
 */
const NEW_SKUS = ['MBA13-M4-16-256', 'IP17-256-BLK', 'IP17PM-512-ORG'];

test('a flag page lists the products carrying its flag', async ({ page }) => {
  await openStore(page, '/new-apple-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Нови продукти на Apple' })).toBeVisible({
    timeout: 30_000,
  });
  const tiles = page.getByTestId('listing-tile');
  await expect(tiles).toHaveCount(NEW_SKUS.length, { timeout: 30_000 });
  for (const sku of NEW_SKUS)
    await expect(page.locator(`[data-testid="listing-tile"][data-sku="${sku}"]`)).toBeVisible();
  await expect(page).toHaveTitle('Нови продукти на Apple | Apple Store България');
});

test('a CMS page renders its title and text, without markup', async ({ page }) => {
  await openStore(page, '/guarantee');
  await expect(page.getByRole('heading', { level: 1, name: 'Гаранция' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('cms-page')).toContainText('Всички продукти имат 2 години гаранция.');
  await expect(page.getByTestId('cms-page')).not.toContainText('<p>');
  await expect(page).toHaveTitle('Гаранция | Apple Store България');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Всички продукти имат 2 години гаранция.',
  );
});

test('a CMS page keeps its headings, lists and links, and drops scripts, handlers and foreign images', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(new URL(page.url() || 'http://127.0.0.1').origin)) foreign.push(request.url());
  });
  await openStore(page, '/delivery');
  const body = page.getByTestId('cms-page').locator('.content-page__body');
  await expect(body.getByRole('heading', { level: 2, name: 'Куриери' })).toBeVisible({ timeout: 30_000 });
  await expect(body.getByRole('listitem')).toHaveText(['Еконт', 'Спиди']);
  await expect(page).toHaveTitle('Доставка | Apple Store България');
  await expect(body.locator('script, img, [onclick]')).toHaveCount(0);
  await body.getByRole('link', { name: 'Гаранция' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Гаранция' })).toBeVisible({ timeout: 30_000 });
  expect(dialogs).toEqual([]);
  expect(foreign.filter((url) => url.includes('tracker.example'))).toEqual([]);
});

test('an inactive CMS page is not shown', async ({ page }) => {
  await openStore(page, '/summer-2024');
  await expect(page.getByTestId('not-found')).toBeVisible({ timeout: 30_000 });
});

test('the sitemap lists categories and CMS pages as links', async ({ page }) => {
  await openStore(page, '/sitemap');
  await expect(page.getByRole('heading', { level: 1, name: 'Карта на сайта' })).toBeVisible({ timeout: 30_000 });
  const sitemap = page.getByTestId('sitemap-page');
  await expect(sitemap.getByRole('link', { name: 'iPhone', exact: true })).toHaveAttribute('href', '/iphone', {
    timeout: 30_000,
  });
  await expect(sitemap.getByRole('link', { name: 'За нас' })).toHaveAttribute('href', '/about-us');
  await sitemap.getByRole('link', { name: 'Доставка' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Доставка' })).toBeVisible();
});
