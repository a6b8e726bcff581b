import { expect, test } from '@playwright/test';
import { cartWithAirPods, guest, guestToReview, next, step } from './checkout-helpers.ts';

test('two tabs placing the same cart at once make one order', async ({ page, context }) => {
  await cartWithAirPods(page);
  await guestToReview(page, guest('two-tabs'));
  await page.getByRole('checkbox', { name: 'Приемам общите условия' }).check();
  // The second tab opens the same draft (same order id) at the review step.
  const second = await context.newPage();
  await second.goto('/checkout');
  await step(second, 'review');
  await expect(second.getByRole('checkbox', { name: 'Приемам общите условия' })).toBeChecked();

  // Both presses go out together (no waiting for the button to settle). On a slow machine one tab's order can
  // reach the other before its own press lands: that tab then follows the order to its thank-you page.
  const press = (tab: typeof page) =>
    next(tab).evaluate((button) => (button as HTMLButtonElement).click(), undefined, { timeout: 5_000 });
  await Promise.all([press(page).catch(() => undefined), press(second).catch(() => undefined)]);
  const numbers: string[] = [];
  for (const tab of [page, second]) {
    await expect(tab).toHaveURL(/thank-you/, { timeout: 30_000 });
    await expect(tab.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
    numbers.push((await tab.getByTestId('order-number').textContent()) ?? '');
  }
  expect(numbers[0]).toMatch(/^BG-/);
  expect(new Set(numbers).size).toBe(1);
});

test('a tab left at the review follows the order another tab placed to its thank-you page', async ({
  page,
  context,
}) => {
  await cartWithAirPods(page);
  await guestToReview(page, guest('follows'));
  const second = await context.newPage();
  await second.goto('/checkout');
  await step(second, 'review');

  await page.getByRole('checkbox', { name: 'Приемам общите условия' }).check();
  await next(page).click();
  await expect(page).toHaveURL(/thank-you/, { timeout: 30_000 });
  await expect(page.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
  // Not "your cart is empty": the order this tab was about to place, with its number.
  await expect(second).toHaveURL(page.url(), { timeout: 30_000 });
  await expect(second.getByTestId('checkout-empty')).toHaveCount(0);
  await expect(second.getByTestId('order-number')).toHaveText(
    (await page.getByTestId('order-number').textContent()) ?? 'none',
    { timeout: 30_000 },
  );
});
