import { expect, test, type Page } from '@playwright/test';
import { IPHONE, openStore } from './helpers.ts';

/** Wishlist and compare (spec sections 2 "/compare", 4 and 8). Demo catalogue: 'iphone' holds two products. */
const IPHONE_NAME = 'iPhone 17, 256 GB, черен';
const IPHONE_PRO_MAX = 'IP17PM-512-ORG';
const IPHONE_PRO_MAX_NAME = 'iPhone 17 Pro Max, 512 GB, оранжев';

const listingTile = (page: Page, sku: string) => page.locator(`[data-testid="listing-tile"][data-sku="${sku}"]`);
const notice = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text });

async function openIphones(page: Page): Promise<void> {
  await openStore(page, '/iphone');
  await expect(page.getByTestId('listing-tile')).toHaveCount(2, { timeout: 30_000 });
}

test('a tile adds a product to the wishlist, the wishlist page lists it and removes it', async ({ page }) => {
  await openIphones(page);
  const save = listingTile(page, IPHONE).getByRole('button', { name: `Запази в желани продукти: ${IPHONE_NAME}` });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  const added = notice(page, `Продуктът ${IPHONE_NAME} е добавен в списъка с желани продукти!`);
  await expect(added).toBeVisible();
  await added.getByRole('button', { name: 'ОК' }).click();
  await expect(added).toHaveCount(0);

  await page.getByRole('link', { name: 'Желани 1' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Желани продукти' })).toBeVisible();
  const item = page.locator(`[data-testid="wishlist-item"][data-sku="${IPHONE}"]`);
  await expect(item.getByRole('link', { name: IPHONE_NAME })).toHaveAttribute('href', `/iphone-17-256-${IPHONE}`);

  // The product page shows the same state, and the list survives a reload (the local store).
  await page.goto(`/iphone-17-256-${IPHONE}`);
  await expect(
    page.getByTestId('product-page').getByRole('button', { name: `Запази в желани продукти: ${IPHONE_NAME}` }),
  ).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });

  await page.goto('/wishlist');
  await item.getByRole('button', { name: `Премахни от желани продукти: ${IPHONE_NAME}` }).click();
  await expect(notice(page, `Продуктът ${IPHONE_NAME} е премахнат от списъка с желани продукти!`)).toBeVisible();
  await expect(page.getByTestId('wishlist-item')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Желани 0' })).toBeVisible();
});

test('two products added to compare are shown side by side on /compare, and removing one says so', async ({ page }) => {
  await openIphones(page);
  await listingTile(page, IPHONE)
    .getByRole('button', { name: `Сравни: ${IPHONE_NAME}` })
    .click();
  await expect(notice(page, `Продуктът ${IPHONE_NAME} е добавен за сравнение!`)).toBeVisible();
  const compareMax = listingTile(page, IPHONE_PRO_MAX).getByRole('button', { name: `Сравни: ${IPHONE_PRO_MAX_NAME}` });
  await compareMax.click();
  await expect(compareMax).toHaveAttribute('aria-pressed', 'true');
  await expect(notice(page, `Продуктът ${IPHONE_PRO_MAX_NAME} е добавен за сравнение!`)).toBeVisible();

  await page.getByRole('link', { name: 'Сравнение 2' }).click();
  await expect(page).toHaveURL(/\/compare$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Сравнение на продукти' })).toBeVisible();
  const table = page.getByTestId('compare-table');
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await expect(table.getByRole('columnheader').nth(0)).toContainText(IPHONE_NAME);
  await expect(table.getByRole('columnheader').nth(1)).toContainText(IPHONE_PRO_MAX_NAME);
  const colour = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Цвят/ }) });
  await expect(colour.getByRole('cell')).toHaveText(['Черен', 'Оранжев']);
  const disk = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Диск/ }) });
  await expect(disk.getByRole('cell')).toHaveText(['256 GB', '512 GB']);

  await table.getByRole('button', { name: `Премахни от сравнението: ${IPHONE_NAME}` }).click();
  await expect(notice(page, `Продуктът ${IPHONE_NAME} е премахнат от сравнението!`)).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Сравнение 1' })).toBeVisible();

  // A static route, never taken for a category: a direct load shows the compare page too.
  await page.goto('/compare');
  await expect(page.getByTestId('compare-table').getByRole('columnheader')).toHaveCount(1);
});
