import { expect, test } from '@playwright/test';
import { cartWithAirPods, guest, guestToReview } from './checkout-helpers.ts';
import { severeViolations } from './severe-violations.ts';

test('axe finds no serious violation on /cart and on each step of /checkout, on a phone', async ({ page }) => {
  expect(page.viewportSize()!.width).toBeLessThan(500);
  await cartWithAirPods(page);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1, { timeout: 30_000 });
  expect(await severeViolations(page)).toEqual([]);

  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-page')).toHaveAttribute('data-step', 'personal');
  // With the errors shown too.
  await page.getByTestId('checkout-next').click();
  expect(await severeViolations(page)).toEqual([]);
  await guestToReview(page, guest('axe'));
  expect(await severeViolations(page)).toEqual([]);
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});
