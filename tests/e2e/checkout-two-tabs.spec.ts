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

  // Both presses go out together (no waiting for the button to settle). On a slow machine the first tab's order
  // can reach the second before its press does: its button is then gone and the tab follows to the thank-you page,
  // which the checks below demand either way.
  const press = (tab: typeof page) =>
    next(tab).evaluate((button) => (button as HTMLButtonElement).click(), undefined, { timeout: 5_000 });
  await Promise.all([press(page), press(second).catch(() => undefined)]);
  await expect(page).toHaveURL(/thank-you/, { timeout: 30_000 });
  await expect(second).toHaveURL(/thank-you/, { timeout: 30_000 });
  expect(page.url()).toBe(second.url());
  for (const tab of [page, second]) {
    await expect(tab.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
  }
  const numbers = await Promise.all([page, second].map((tab) => tab.getByTestId('order-number').textContent()));
  expect(numbers[0]).toMatch(/^BG-/);
  expect(numbers[0]).toBe(numbers[1]);
});
