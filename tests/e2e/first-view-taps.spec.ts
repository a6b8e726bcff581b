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
    // A load left for another (below) has no request to continue.
    await route.continue().catch(() => undefined);
  });
  // The server draws the first view when its answers come within 400 ms (sync-server/http/boot-data.ts); a cold
  // server under the suite's load may not, and then the page has no first view to tap: load it again.
  await expect
    .poll(
      async () => {
        await page.goto('/iphone');
        return page.locator('[data-first-view]').count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
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
