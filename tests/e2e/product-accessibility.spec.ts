import { expect, test } from '@playwright/test';
import { openStore } from './helpers.ts';
import { severeViolations } from './severe-violations.ts';

/**
 * axe-core on the product page with everything it can show (gallery, custom options with their error messages,
 * credit table, reviews, related and recently viewed, the zoom and size-guide dialogs), at a phone's (375 px) and a
 * desktop's width: no serious or critical violation, and nothing wider than the phone's screen.
 */
const WATCH_PATH = '/apple-watch-ultra-3-49-AWU3-49-TI';

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`the product page and its dialogs at ${viewport.name} width have no serious or critical axe violation`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    try {
      const page = await context.newPage();
      await openStore(page, `/iphone-17-256-IP17-256-BLK`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await openStore(page, WATCH_PATH);
      await expect(page.getByTestId('recently-viewed')).toBeVisible({ timeout: 30_000 });
      const add = page.getByRole('button', { name: 'Добави в количката' });
      await expect(add).toBeEnabled({ timeout: 30_000 });
      await add.click();
      await expect(page.getByTestId('product-error')).toBeVisible();
      await page.getByTestId('product-credit').getByText('На изплащане от').click();
      expect(await severeViolations(page, '[data-testid="product-page"]')).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page
        .getByTestId('product-gallery')
        .getByRole('button', { name: /Увеличи снимката/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await severeViolations(page, '[data-testid="product-page"]')).toEqual([]);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Таблица с размери' }).click();
      await expect(page.getByRole('dialog', { name: 'Размери на каишките' })).toBeVisible();
      expect(await severeViolations(page, '[data-testid="product-page"]')).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
