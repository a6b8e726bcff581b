import { expect, test } from '@playwright/test';

/**
 * The server draws a category's first view into the page; the app draws its own a moment later. A tap on the
 * server's wishlist toggle in between (here the app's chunk is held back until the tap is made) is kept and given to
 * the app's toggle (client/lib/first-view-taps.ts): the product is saved, not silently ignored.
 */
test('a wishlist tap on the server-drawn category before the app has drawn it saves the product', async ({ page }) => {
  let release: () => void = () => undefined;
  const tapped = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await tapped;
    await route.continue();
  });
  await page.goto('/iphone');
  const serverToggle = page
    .locator('[data-first-view]')
    .getByRole('button', { name: /^Запази в желани продукти/ })
    .first();
  const name = await serverToggle.getAttribute('aria-label');
  await serverToggle.click();
  release();

  await expect(page.getByTestId('wishlist-count')).toHaveText('1', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: name ?? '', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
});
