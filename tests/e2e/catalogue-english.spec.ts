import { expect, test, type Page } from '@playwright/test';
import { openStore } from './helpers.ts';
import { serveProducts, testPhone, testVariant } from './served-products.ts';

/**
 * Issue 19: with English chosen, the catalogue's labels are English (breadcrumbs, the category's heading, filter
 * names, colours, option labels) and what exists only in Bulgarian (a product's name) is marked lang="bg".
 * Demo catalogue: 'keyboards-magic-mouse' (Клавиатури и Magic Mouse) under 'aksesoari' (Аксесоари) holds
 * MAGIC-KB-BG, white (Бял).
 */
const KEYBOARD = 'MAGIC-KB-BG';
const KEYBOARD_NAME = 'Magic Keyboard с Touch ID, българска подредба';

const chooseLanguage = async (page: Page, name: 'English' | 'Български') => {
  await page.getByRole('button', { name }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', name === 'English' ? 'en' : 'bg');
};
const breadcrumbs = (page: Page) => page.locator('nav.breadcrumbs');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const colourFilter = (page: Page) => page.locator('[data-filter="cvyat"]');

test.use({ viewport: { width: 1280, height: 900 } });

test('a category and a product in English, then in Bulgarian again', async ({ page }) => {
  await openStore(page, '/keyboards-magic-mouse');
  await expect(heading(page)).toHaveText('Клавиатури и Magic Mouse', { timeout: 30_000 });
  await chooseLanguage(page, 'English');

  await expect(heading(page)).toHaveText('Keyboards and Magic Mouse');
  await expect(heading(page)).not.toHaveAttribute('lang', /.*/);
  await expect(breadcrumbs(page).getByRole('listitem')).toHaveText([
    'Home',
    'Accessories',
    'Keyboards and Magic Mouse',
  ]);
  // The main menu names the categories in English too (its bar from 992 px).
  await expect(page.getByTestId('main-menu-item').filter({ hasText: 'Accessories' })).toBeVisible();
  await expect(page.getByTestId('main-menu-item').filter({ hasText: 'Аксесоари' })).toHaveCount(0);
  await expect(colourFilter(page).locator('legend')).toHaveText('Colour');
  await expect(colourFilter(page).getByRole('button')).toContainText(['White']);
  const tile = page.locator(`[data-testid="listing-tile"][data-sku="${KEYBOARD}"]`);
  await expect(tile.getByRole('link', { name: KEYBOARD_NAME })).toHaveAttribute('lang', 'bg');
  await expect(tile.locator('.listing-tile__attribute dt')).toHaveText(['Colour']);
  await expect(tile.locator('.listing-tile__attribute dd')).toHaveText(['White']);

  await tile.getByRole('link', { name: KEYBOARD_NAME }).click();
  const product = page.getByTestId('product-page');
  await expect(heading(page)).toHaveText(KEYBOARD_NAME, { timeout: 30_000 });
  // The product's name exists only in Bulgarian: marked so on the English page, in the heading and the crumb.
  await expect(heading(page)).toHaveAttribute('lang', 'bg');
  await expect(product.locator('nav.breadcrumbs li[aria-current="page"]')).toHaveAttribute('lang', 'bg');
  await expect(
    product.locator('nav.breadcrumbs').getByRole('link', { name: 'Keyboards and Magic Mouse' }),
  ).toBeVisible();

  // The promo banners come with the catalogue, in English too.
  await expect(product.getByTestId('product-banners')).toContainText('10% off when you subscribe', { timeout: 30_000 });

  await chooseLanguage(page, 'Български');
  await expect(product.getByTestId('product-banners')).toContainText('С 10% отстъпка при абонамент');
  await expect(
    product.locator('nav.breadcrumbs').getByRole('link', { name: 'Клавиатури и Magic Mouse' }),
  ).toBeVisible();
  await expect(heading(page)).not.toHaveAttribute('lang', /.*/);

  await page.goBack();
  await expect(heading(page)).toHaveText('Клавиатури и Magic Mouse', { timeout: 30_000 });
  await expect(breadcrumbs(page).getByRole('listitem')).toHaveText(['Начало', 'Аксесоари', 'Клавиатури и Magic Mouse']);
  await expect(colourFilter(page).locator('legend')).toHaveText('Цвят');
  await expect(colourFilter(page).getByRole('button')).toContainText(['Бял']);
});

/** A configurable phone the demo catalogue lacks (as in product-page.spec.ts): its options carry Bulgarian labels
 * only, as a product does; the English ones come from the catalogue's colour attribute, by option value. */
const PHONE_SKU = 'E2E-EN-PHONE';
const phone = testPhone(
  9101,
  PHONE_SKU,
  [
    {
      attribute_id: 93,
      attribute_code: 'cvyat',
      label: 'Цвят',
      position: 0,
      values: [
        { value_index: '1', label: 'Черен' },
        { value_index: '3', label: 'Оранжев' },
      ],
    },
  ],
  [testVariant('E2E-EN-BLK', { cvyat: '1' }, 120_000), testVariant('E2E-EN-ORG', { cvyat: '3' }, 130_000)],
);

test("a configurable product's colour names are English with English chosen", async ({ page }) => {
  await serveProducts(page, [phone]);
  await openStore(page, `/testov-telefon-${PHONE_SKU}`);
  await expect(heading(page)).toHaveText('Тестов телефон', { timeout: 30_000 });
  const colours = page.getByTestId('product-page').locator('[data-option="cvyat"]');
  await expect(colours.locator('legend')).toHaveText('Цвят');
  await expect(colours.getByRole('button')).toHaveText(['Черен', 'Оранжев']);

  await chooseLanguage(page, 'English');
  // The English words are the catalogue attribute's, held on the device once its store has started.
  await expect(colours.locator('legend')).toHaveText('Colour', { timeout: 30_000 });
  await expect(colours.getByRole('button')).toHaveText(['Black', 'Orange']);
  await expect(heading(page)).toHaveAttribute('lang', 'bg');
  await colours.getByRole('button', { name: 'Orange' }).click();
  await expect(page.getByTestId('product-sku')).toHaveText('SKU: E2E-EN-ORG');

  await chooseLanguage(page, 'Български');
  await expect(colours.getByRole('button')).toHaveText(['Черен', 'Оранжев']);
});
