import { expect, test, type Page } from '@playwright/test';
import { boxes, holdScripts } from './first-view-helpers.ts';

/**
 * The product page's, the search page's and a category's first view, drawn by the server into the page
 * (sync-server/http/product-first-view.ts, listing-first-view.ts, category-first-view.ts): on a slow link a shopper
 * sees the product, or the products with their prices, before the app's JavaScript has arrived, and nothing moves
 * or blinks when the app takes over.
 */

/**
 * The server embeds a page's answers only when they come within 400 ms (sync-server/http/boot-data.ts); a cold
 * server on a loaded machine may miss that on its first request, and then rightly sends the page without a first
 * view. Asked once before, the catalogue's reads are warm.
 */
const warmUp = async (page: Page, path: string): Promise<void> => {
  await page.request.get(path);
};

const PRODUCT = '/iphone-17-256-IP17-256-BLK';
const PRODUCT_BOXES = ['.breadcrumbs', '.product-page__image', 'h1'];
const SEARCH = `/search=${encodeURIComponent('айфон')}`;
const CATEGORY = '/iphone';
const CATEGORY_BOXES = [
  'h1',
  '.listing-page__sort',
  '.listing-page__count',
  '.listing-tile',
  '.listing-tile .tile__image',
];
const SEARCH_BOXES = [
  'h1',
  '.search-page__count',
  '.listing-tile',
  '.listing-tile .tile__image',
  '.listing-tile .price',
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('a product page shows its picture and name before the app runs; the app draws them in the same place', async ({
      page,
    }) => {
      const { release } = await holdScripts(page);
      await warmUp(page, PRODUCT);
      await page.goto(PRODUCT, { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1, name: 'iPhone 17, 256 GB, черен' });
      await expect(heading).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Навигационна пътека' }).getByRole('link', { name: 'iPhone' }),
      ).toHaveAttribute('href', '/iphone');
      const picture = page.locator('.product-page__image');
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // Nothing of the app yet.
      await expect(page.getByTestId('sync-state')).toHaveCount(0);
      const before = await boxes(page, PRODUCT_BOXES);

      release();
      await expect(page.getByTestId('product-price')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[data-first-view]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      expect(await boxes(page, PRODUCT_BOXES)).toEqual(before);
      // The add button works at once: the tap waits for the device's identity itself.
      await expect(page.getByRole('button', { name: 'Добави в количката' })).toBeEnabled();
    });

    test('a category shows its products and prices before the app runs; the app draws them in the same place, without a loading line', async ({
      page,
    }) => {
      // A loading line or an empty grid between the server's view and the app's would be a blink.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('.listing-page__status, [data-testid="listing-grid"][aria-busy="true"]'))
            document.documentElement.dataset.listingBlinked = 'true';
        }).observe(document, { childList: true, subtree: true });
      });
      const { release } = await holdScripts(page);
      await warmUp(page, CATEGORY);
      await page.goto(CATEGORY, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: 'iPhone' })).toBeVisible();
      await expect(page.locator('.listing-page__count')).toHaveText(/^\d+ продукта$/);
      const firstTile = page.locator('.listing-tile').first();
      await expect(firstTile.locator('.price__primary')).toHaveText(/€$/);
      // The filter button on a phone, the filters' column beside the grid on a wider screen, as the app draws them.
      await expect(page.getByRole('button', { name: 'Филтри' })).toBeVisible({ visible: viewport.width < 768 });
      const names = await page.locator('.listing-tile h2').allTextContents();
      await expect(page.getByTestId('sync-state')).toHaveCount(0);
      const before = await boxes(page, CATEGORY_BOXES);

      release();
      await expect(page.getByTestId('sync-state')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('category-page')).toBeVisible();
      await expect(page.locator('[data-first-view]')).toHaveCount(0);
      await expect.poll(() => page.locator('.listing-tile h2').allTextContents()).toEqual(names);
      expect(await boxes(page, CATEGORY_BOXES)).toEqual(before);
      expect(await page.evaluate(() => document.documentElement.dataset.listingBlinked)).toBeUndefined();
    });

    test('the search page shows its products and prices before the app runs; the app draws them in the same place', async ({
      page,
    }) => {
      const { release } = await holdScripts(page);
      await warmUp(page, SEARCH);
      await page.goto(SEARCH, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: 'Търсене: айфон' })).toBeVisible();
      const count = page.locator('.search-page__count');
      await expect(count).toHaveText(/^Намерени са \d+ продукта$/);
      const shownCount = await count.textContent();
      const firstTile = page.locator('.listing-tile').first();
      await expect(firstTile.getByRole('heading', { level: 2 })).toContainText('iPhone');
      await expect(firstTile.locator('.price__primary')).toHaveText(/€$/);
      const names = await page.locator('.listing-tile h2').allTextContents();
      const prices = await page.locator('.listing-tile .tile__price').allTextContents();
      await expect(page.getByTestId('sync-state')).toHaveCount(0);
      const before = await boxes(page, SEARCH_BOXES);

      release();
      await expect(page.getByTestId('sync-state')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('search-grid')).toBeVisible();
      await expect(page.locator('[data-first-view]')).toHaveCount(0);
      // The app shows what the server drew: the same products, prices and count, in the same boxes.
      await expect(page.getByTestId('search-count')).toHaveText(shownCount ?? '');
      // The app draws a screenful at once and the rest a few tiles per task: all of them in the end.
      await expect.poll(() => page.locator('.listing-tile h2').allTextContents()).toEqual(names);
      expect(await page.locator('.listing-tile .tile__price').allTextContents()).toEqual(prices);
      expect(await boxes(page, SEARCH_BOXES)).toEqual(before);
    });
  });
}
