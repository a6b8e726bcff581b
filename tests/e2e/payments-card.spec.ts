import { expect, test } from '@playwright/test';
import { cartWithAirPods, guest } from './checkout-helpers.ts';
import {
  backOnResultPage,
  boricaSimUrl,
  CARD,
  CARD_APPROVED,
  CARD_DECLINED,
  payOnBorica,
  placeReviewed,
  resultText,
  simStats,
  toReviewPaying,
  type BoricaStats,
} from './payments-helpers.ts';

/** Issue 17: paying by card through BORICA's gateway (its simulator, a process of its own with its own keys). */
test.describe('card payments', () => {
  test('a card payment approved: the shopper goes to the gateway at once, pays, and the order is paid @journey', async ({
    page,
  }) => {
    const before = await simStats<BoricaStats>(boricaSimUrl());
    await cartWithAirPods(page);
    await toReviewPaying(page, guest('card-ok'), CARD);
    const orderId = await placeReviewed(page);

    await payOnBorica(page, CARD_APPROVED);
    await backOnResultPage(page, orderId);
    await expect(resultText(page)).toHaveText('Плащането е успешно. Благодарим!', { timeout: 30_000 });
    await expect(resultText(page)).toBeFocused();

    const after = await simStats<BoricaStats>(boricaSimUrl());
    expect(after.sales.approved - before.sales.approved).toBe(1);
    expect(after.charges.length - before.charges.length).toBe(1);

    // The order's own page says so too, with the gateway's words and the masked card.
    await page.getByRole('link', { name: 'Към поръчката' }).click();
    await expect(page.getByTestId('payment-status')).toHaveText('Платена');
    await expect(page.getByTestId('payment-attempt-card')).toContainText('0022');
    await expect(page.getByTestId('payment-pay-now')).toHaveCount(0);
  });

  test('a declined card shows the reason, and "Опитай отново" with a good card pays the order once', async ({
    page,
  }) => {
    const before = await simStats<BoricaStats>(boricaSimUrl());
    await cartWithAirPods(page);
    await toReviewPaying(page, guest('card-declined'), CARD);
    const orderId = await placeReviewed(page);

    await payOnBorica(page, CARD_DECLINED);
    await backOnResultPage(page, orderId);
    await expect(resultText(page)).toContainText('Плащането беше отказано', { timeout: 30_000 });
    await expect(resultText(page)).toBeFocused();
    await expect(page.getByRole('button', { name: 'Плати с наложен платеж' })).toBeVisible();

    await page.getByRole('button', { name: 'Опитай отново' }).click();
    await payOnBorica(page, CARD_APPROVED);
    await backOnResultPage(page, orderId);
    await expect(resultText(page)).toHaveText('Плащането е успешно. Благодарим!', { timeout: 30_000 });

    const after = await simStats<BoricaStats>(boricaSimUrl());
    expect(after.sales.declined - before.sales.declined).toBe(1);
    expect(after.sales.approved - before.sales.approved).toBe(1);
    // A retry is a new ORDER at the gateway (BORICA's rule: one ORDER, one try).
    const orders = after.charges.slice(before.charges.length).map((c) => c.order);
    expect(new Set(orders).size).toBe(2);
  });

  test('the shopper cancels on the gateway and pays cash on delivery instead', async ({ page }) => {
    await cartWithAirPods(page);
    await toReviewPaying(page, guest('card-cancel'), CARD);
    const orderId = await placeReviewed(page);

    await page.waitForURL((url) => url.origin === new URL(boricaSimUrl()).origin, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Откажи' }).click();
    await backOnResultPage(page, orderId);
    await expect(resultText(page)).toContainText('Плащането беше отказано', { timeout: 30_000 });

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Плати с наложен платеж' }).click();
    await expect(resultText(page)).toHaveText('Поръчката ще бъде платена при доставката.', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Опитай отново' })).toHaveCount(0);
  });

  test("back from the gateway's page, the shopper takes the same try up again: one sale", async ({ page }) => {
    const before = await simStats<BoricaStats>(boricaSimUrl());
    await cartWithAirPods(page);
    await toReviewPaying(page, guest('card-back'), CARD);
    const orderId = await placeReviewed(page);
    await page.waitForURL((url) => url.origin === new URL(boricaSimUrl()).origin, { timeout: 30_000 });

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/checkout/thank-you/${orderId}$`));
    await expect(page.getByTestId('payment-status')).toHaveText('Обработва се');
    await page.getByRole('button', { name: 'Продължи към плащането' }).click();
    await payOnBorica(page, CARD_APPROVED);
    await backOnResultPage(page, orderId);
    await expect(resultText(page)).toHaveText('Плащането е успешно. Благодарим!', { timeout: 30_000 });

    const after = await simStats<BoricaStats>(boricaSimUrl());
    expect(after.charges.length - before.charges.length).toBe(1);
  });
});
