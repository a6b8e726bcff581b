import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { cartWithAirPods, guest, guestToReview } from './checkout-helpers.ts';

const serious = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('axe finds no serious violation on /cart and on each step of /checkout, on a phone', async ({ page }) => {
  expect(page.viewportSize()!.width).toBeLessThan(500);
  await cartWithAirPods(page);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1, { timeout: 30_000 });
  expect(await serious(page)).toEqual([]);

  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-page')).toHaveAttribute('data-step', 'personal');
  // With the errors shown too.
  await page.getByTestId('checkout-next').click();
  expect(await serious(page)).toEqual([]);
  await guestToReview(page, guest('axe'));
  expect(await serious(page)).toEqual([]);
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});
