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
  // reach the other before its own press lands: then that press finds no form, and only the first tab to place
  // shows the thank-you page. Either way there is one order.
  const press = (tab: typeof page) =>
    next(tab).evaluate((button) => (button as HTMLButtonElement).click(), undefined, { timeout: 5_000 });
  await Promise.all([press(page).catch(() => undefined), press(second).catch(() => undefined)]);
  const thanked = () => [page, second].filter((tab) => /thank-you/.test(tab.url()));
  await expect.poll(() => thanked().length, { timeout: 30_000 }).toBeGreaterThan(0);
  const numbers: string[] = [];
  for (const tab of thanked()) {
    await expect(tab.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
    numbers.push((await tab.getByTestId('order-number').textContent()) ?? '');
  }
  expect(numbers[0]).toMatch(/^BG-/);
  expect(new Set(numbers).size).toBe(1);
});
