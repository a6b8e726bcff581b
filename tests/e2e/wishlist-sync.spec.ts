import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInInBrowser, uniqueEmail } from './account-helpers.ts';
import { AIRPODS, IPHONE, openStore } from './helpers.ts';
import { snapshot } from '../support/wishlist.ts';

/**
 * Issue 14: the wishlist is a synced read model. Saved in one browser, it shows in another of the same user without
 * a reload; a browser that kept the spec's device-only wishlist keeps its items when it upgrades.
 */
const IPHONE_NAME = 'iPhone 17, 256 GB, черен';

const wishlistItem = (page: Page, sku: string) => page.locator(`[data-testid="wishlist-item"][data-sku="${sku}"]`);

test('a product saved in one browser shows on the wishlist page of another of the same user, without a reload', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('wishlist');
  await createAccount(request, { firstname: 'Гергана', lastname: 'Колева', email });
  await openStore(page);
  await logInInBrowser(page, email, 'Гергана');

  const { baseURL } = test.info().project.use;
  const laptopContext = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  try {
    const laptop = await laptopContext.newPage();
    await openStore(laptop);
    await logInInBrowser(laptop, email, 'Гергана');
    await laptop.goto('/wishlist');
    await expect(laptop.getByRole('heading', { level: 1, name: 'Желани продукти' })).toBeVisible();
    await expect(laptop.getByTestId('wishlist-item')).toHaveCount(0);

    await openStore(page, '/iphone');
    const save = page
      .locator(`[data-testid="listing-tile"][data-sku="${IPHONE}"]`)
      .getByRole('button', { name: `Запази в желани продукти: ${IPHONE_NAME}` });
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');

    // The laptop's page was never reloaded: the live stream brought it.
    await expect(wishlistItem(laptop, IPHONE).getByRole('link', { name: IPHONE_NAME })).toBeVisible({
      timeout: 30_000,
    });
    await expect(laptop.getByRole('link', { name: 'Желани 1' })).toBeVisible();

    // And back: removed on the laptop, the phone's toggle follows.
    await wishlistItem(laptop, IPHONE)
      .getByRole('button', { name: `Премахни от желани продукти: ${IPHONE_NAME}` })
      .click();
    await expect(laptop.getByTestId('wishlist-item')).toHaveCount(0);
    await expect(save).toHaveAttribute('aria-pressed', 'false', { timeout: 30_000 });
  } finally {
    await laptopContext.close();
  }
});

test('a browser upgrading from the device-only wishlist keeps its items, carried over once', async ({ page }) => {
  // The spec's wishlist, as the earlier version kept it in browser storage.
  await page.goto('/robots.txt');
  const stored = [snapshot(IPHONE, IPHONE_NAME), snapshot(AIRPODS, 'AirPods Pro 3')].map((product) => ({
    product,
    qty: 1,
  }));
  await page.evaluate((list) => localStorage.setItem('current-wishlist', JSON.stringify(list)), stored);

  await openStore(page, '/wishlist');
  await expect(page.getByTestId('wishlist-item')).toHaveCount(2, { timeout: 30_000 });
  await expect(wishlistItem(page, IPHONE).getByRole('link', { name: IPHONE_NAME })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Желани 2' })).toBeVisible();
  // Carried over into the synced wishlist, then the old key is gone: a reload shows the same two, not four.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('current-wishlist'))).toBeNull();
  await page.reload();
  await expect(page.getByTestId('wishlist-item')).toHaveCount(2, { timeout: 30_000 });
});
