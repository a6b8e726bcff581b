import { expect, test, type Page } from '@playwright/test';
import { IPHONE, openStore } from './helpers.ts';

/** Demo catalogue: 'iphone' holds IP17-256-BLK (черен) and IP17PM-512-ORG (оранжев). */
const tiles = (page: Page) => page.getByTestId('listing-tile');

test.use({ viewport: { width: 375, height: 812 } });

test('on a phone the filters are a full-screen dialog: a filter applies at once, Escape closes it, focus returns', async ({
  page,
}) => {
  await openStore(page, '/iphone');
  await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('filter-panel')).toHaveCount(0);
  // The sort stays a separate control outside the dialog.
  await expect(page.getByLabel('Подреди по')).toBeVisible();

  const open = page.getByRole('button', { name: 'Филтри', exact: true });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Филтри' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 812 });

  await dialog
    .locator('[data-filter="cvyat"]')
    .getByRole('button', { name: /^Черен,/ })
    .click();
  await expect(page).toHaveURL(/\/iphone\/cvyat-cheren$/);
  await expect(dialog.locator('[data-filter="cvyat"]').getByRole('button', { name: /^Черен,/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog.getByRole('button', { name: 'Покажи 1 продукт' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const withCount = page.getByRole('button', { name: 'Филтри (1)' });
  await expect(withCount).toBeFocused();
  await expect(tiles(page)).toHaveCount(1);
  await expect(page.locator(`[data-testid="listing-tile"][data-sku="${IPHONE}"]`)).toBeVisible();

  // The close button closes it too, and the page does not scroll sideways at 375 px.
  await withCount.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Затвори филтрите' }).click();
  await expect(dialog).toBeHidden();
  await expect(withCount).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
