import { expect, test } from '@playwright/test';
import { boxes, holdScripts } from './first-view-helpers.ts';

/**
 * Home's first view, drawn by the server into the page (sync-server/http/first-view.ts): a shopper on a slow link
 * sees the store's heading and first slide before the app's JavaScript has arrived, and nothing moves or blinks
 * when the app takes over.
 */

const HOME_BOXES = ['.site-header', 'h1', 'img[alt="iPhone 17 Pro"]'];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`home's first view, ${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('shows the heading and the first slide before the app runs; the app draws them in the same place', async ({
      page,
    }) => {
      // Any placeholder put where the slide's picture is would make it blink while the app loads.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('.home-slider__image.product-image--placeholder'))
            document.documentElement.dataset.sliderBlinked = 'true';
        }).observe(document, { childList: true, subtree: true });
      });
      const { release } = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });

      const heading = page.getByRole('heading', { level: 1, name: 'Продукти на Apple' });
      await expect(heading).toBeVisible();
      const picture = page.getByRole('img', { name: 'iPhone 17 Pro' });
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(page.getByRole('link', { name: 'iPhone 17 Pro' })).toHaveAttribute('href', '/iphone');
      // Nothing of the app yet: no sync state, no slider buttons.
      await expect(page.getByTestId('sync-state')).toHaveCount(0);
      const before = await boxes(page, HOME_BOXES);

      release();
      const slider = page.getByTestId('home-slider');
      await expect(slider.getByRole('button', { name: 'Следващ' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('sync-state')).toBeVisible();
      await expect(page.locator('[data-first-view]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.locator('.home-slider')).toHaveCount(1);
      expect(await boxes(page, HOME_BOXES)).toEqual(before);
      expect(await page.evaluate(() => document.documentElement.dataset.sliderBlinked)).toBeUndefined();
    });
  });
}
