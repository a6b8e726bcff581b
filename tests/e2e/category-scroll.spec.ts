import { expect, test, type Page } from '@playwright/test';
import { openStore } from './helpers.ts';

/**
 * Demo catalogue: 'aksesoari' holds 64 products (AirPods Pro 3, the Magic Keyboard and 62 accessories ACC-001 to
 * ACC-062, sync-server/catalog/demo-catalog.ts). ACC-001's short description is 255 characters; every seventh
 * accessory from ACC-004 has a special price (ACC-004: 79,90 лв. instead of 99,90 лв.); ACC-062 has no price yet.
 */
const TOTAL = 64;
const tiles = (page: Page) => page.getByTestId('listing-tile');
const listingTile = (page: Page, sku: string) => page.locator(`[data-testid="listing-tile"][data-sku="${sku}"]`);

test.use({ viewport: { width: 1280, height: 900 } });

test('infinite scroll: 50 products first, the rest when the bottom is reached', async ({ page }) => {
  await openStore(page, '/aksesoari');
  await expect(page.getByRole('heading', { level: 1, name: 'Аксесоари' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('listing-count')).toHaveText(`${TOTAL} продукта`, { timeout: 30_000 });
  await expect(tiles(page)).toHaveCount(50);
  await expect(listingTile(page, 'ACC-062')).toHaveCount(0);

  await tiles(page).last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 5_000);
  await expect(tiles(page)).toHaveCount(TOTAL);

  // The last accessory has no price yet; a special price shows the original struck through and its badge.
  await expect(listingTile(page, 'ACC-062').getByTestId('tile-price')).toHaveText('очаква се');
  const onSale = listingTile(page, 'ACC-004');
  await expect(onSale.getByRole('list', { name: 'Етикети' })).toHaveText('Промо');
  await expect(onSale.getByTestId('tile-price').locator('del')).toContainText('99,90');
  await expect(onSale.getByTestId('tile-price')).toContainText('79,90');
});

test('the list view shows the short description cut to 200 characters, the compare and wishlist toggles, and is remembered', async ({
  page,
}) => {
  await openStore(page, '/aksesoari');
  await expect(tiles(page)).toHaveCount(50, { timeout: 30_000 });
  const first = listingTile(page, 'ACC-001');
  await expect(page.getByTestId('listing-grid')).toHaveAttribute('data-view', 'grid');
  await expect(first.getByTestId('tile-description')).toHaveCount(0);

  const view = page.getByRole('group', { name: 'Изглед' });
  await view.getByRole('button', { name: 'Списък' }).click();
  await expect(view.getByRole('button', { name: 'Списък' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('listing-grid')).toHaveAttribute('data-view', 'list');
  const description = first.getByTestId('tile-description');
  await expect(description).toHaveText(/^Мек силиконов калъф с MagSafe за iPhone 17: .*…$/);
  expect(Array.from((await description.textContent()) ?? '').length).toBeLessThanOrEqual(201);
  // A short one is shown whole.
  await expect(listingTile(page, 'ACC-002').getByTestId('tile-description')).toHaveText(
    'Прозрачен калъф за iPhone 17, който показва цвета на телефона.',
  );
  await expect(first.getByTestId('compare-toggle')).toBeVisible();
  await expect(first.getByTestId('wishlist-toggle')).toBeVisible();

  await page.reload();
  await expect(tiles(page)).toHaveCount(50, { timeout: 30_000 });
  await expect(page.getByTestId('listing-grid')).toHaveAttribute('data-view', 'list');
  await page.getByRole('group', { name: 'Изглед' }).getByRole('button', { name: 'Мрежа' }).click();
  await expect(page.getByTestId('listing-grid')).toHaveAttribute('data-view', 'grid');
  await expect(listingTile(page, 'ACC-001').getByTestId('tile-description')).toHaveCount(0);
});
