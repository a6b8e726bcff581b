import { expect, test } from '@playwright/test';
import { syncMode, syncWaiting } from './helpers.ts';
import { cartWithAirPods, guest } from './checkout-helpers.ts';
import {
  backOnResultPage,
  boricaSimUrl,
  CARD,
  CARD_APPROVED,
  payOnBorica,
  placeReviewed,
  resultText,
  simStats,
  toReviewPaying,
  type BoricaStats,
} from './payments-helpers.ts';

/** Issue 17: a card order made offline is queued like any order; at reconnect the shopper is offered to pay. */
test.describe('an order made offline, paid by card', () => {
  test('"Плати сега" waits for the network with the reason, then pays the order once', async ({ page, context }) => {
    const before = await simStats<BoricaStats>(boricaSimUrl());
    await cartWithAirPods(page);
    await page.evaluate(() => localStorage.setItem('orders.offline_orders.automatic_transmission_enabled', 'true'));
    await toReviewPaying(page, guest('card-offline'), CARD);
    await context.setOffline(true);
    await expect(syncMode(page)).toHaveText('Офлайн');

    const orderId = await placeReviewed(page);
    await expect(page.getByTestId('order-status')).toHaveText('Чака изпращане');
    const payNow = page.getByTestId('payment-pay-now');
    await expect(payNow).toBeDisabled();
    await expect(page.getByTestId('payment-pay-reason')).toHaveText('Нужна е връзка с интернет');

    await context.setOffline(false);
    await expect(page.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
    await expect(syncWaiting(page)).toHaveText('0 чакащи', { timeout: 30_000 });
    await expect(page.getByTestId('payment-status')).toHaveText('Чака плащане');
    await expect(payNow).toHaveText('Плати сега');
    await expect(payNow).toBeEnabled();
    // Not taken to the gateway unasked: the order was made offline, the shopper says when.
    await expect(page).toHaveURL(new RegExp(`/checkout/thank-you/${orderId}$`));

    await payNow.dblclick();
    await payOnBorica(page, CARD_APPROVED);
    await backOnResultPage(page, orderId);
    await expect(resultText(page)).toHaveText('Плащането е успешно. Благодарим!', { timeout: 30_000 });

    // A double click on "Плати сега" was one attempt: one sale at the gateway, one try on the order.
    const after = await simStats<BoricaStats>(boricaSimUrl());
    expect(after.charges.length - before.charges.length).toBe(1);
    await page.getByRole('link', { name: 'Към поръчката' }).click();
    await expect(page.getByTestId('payment-status')).toHaveText('Платена');
    await expect(page.getByTestId('payment-attempt')).toHaveCount(1);
  });
});
