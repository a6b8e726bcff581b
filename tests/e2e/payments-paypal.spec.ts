import { expect, test } from '@playwright/test';
import { cartWithAirPods, guest } from './checkout-helpers.ts';
import {
  backOnResultPage,
  PAYPAL,
  paypalSimUrl,
  placeReviewed,
  resultText,
  simStats,
  toReviewPaying,
  type PaypalStats,
} from './payments-helpers.ts';

/** Issue 17: PayPal Orders v2 (its simulator): create, the approve page, capture by the store. */
test.describe('PayPal', () => {
  test("the shopper approves on PayPal's page, the store captures once, and the order is paid", async ({ page }) => {
    const before = await simStats<PaypalStats>(paypalSimUrl());
    await cartWithAirPods(page);
    await toReviewPaying(page, guest('paypal'), PAYPAL);
    const orderId = await placeReviewed(page);

    await page.waitForURL((url) => url.origin === new URL(paypalSimUrl()).origin, { timeout: 30_000 });
    await expect(page.getByText('ТЕСТОВ ШЛЮЗ').first()).toBeVisible();
    await page.getByRole('button', { name: 'Одобри плащането' }).click();

    await backOnResultPage(page, orderId);
    await expect(resultText(page)).toHaveText('Плащането е успешно. Благодарим!', { timeout: 30_000 });
    // In English too, from the English dictionary's own chunk.
    await page.getByRole('button', { name: 'EN (English)' }).click();
    await expect(resultText(page)).toHaveText('The payment went through. Thank you!');

    const after = await simStats<PaypalStats>(paypalSimUrl());
    expect(after.capturesCompleted - before.capturesCompleted).toBe(1);
    for (const count of Object.values(after.capturesByOrder)) expect(count).toBe(1);
  });
});
