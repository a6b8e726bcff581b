import { expect, test } from '@playwright/test';
import { createAccount, logInInBrowser, uniqueEmail } from './account-helpers.ts';
import { cartWithAirPods, fillShipping, next, step } from './checkout-helpers.ts';
import {
  backOnResultPage,
  boricaSimUrl,
  CARD,
  CARD_APPROVED,
  payOnBorica,
  placeReviewed,
  resultText,
} from './payments-helpers.ts';
import { severeViolations } from './severe-violations.ts';

/** Issue 17: a logged-in shopper's card payment, taken up again from the order's own page. */
test.describe("paying from the order's page", () => {
  test('a user leaves the gateway, then pays from "Моите поръчки" with "Опитай отново"', async ({ page, request }) => {
    const account = { firstname: 'Иван', lastname: 'Иванов', email: uniqueEmail('pay-order-page') };
    await createAccount(request, account);
    await logInInBrowser(page, account.email, account.firstname);
    await cartWithAirPods(page);
    await page.goto('/checkout');
    await step(page, 'personal');
    await next(page).click();
    await fillShipping(page, { firstName: account.firstname, lastName: account.lastname, email: account.email });
    await step(page, 'payment');
    await page.getByRole('radio', { name: CARD }).check();
    await next(page).click();
    const orderId = await placeReviewed(page);

    await page.waitForURL((url) => url.origin === new URL(boricaSimUrl()).origin, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Откажи' }).click();
    await backOnResultPage(page, orderId);
    await expect(resultText(page)).toContainText('Плащането беше отказано', { timeout: 30_000 });
    // The result page and the order's payment part, on a phone: no serious accessibility problem.
    expect(await severeViolations(page)).toEqual([]);

    // A user's way back to the order is its page in the account.
    await page.getByRole('link', { name: 'Към поръчката' }).click();
    await expect(page).toHaveURL(new RegExp(`/my-account/orders/${orderId}$`));
    await expect(page.getByTestId('payment-status')).toHaveText('Чака плащане');
    await expect(page.getByTestId('payment-time-left')).toHaveText(/^Остават /);
    await expect(page.getByTestId('payment-attempt')).toHaveCount(1);
    expect(await severeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Опитай отново' }).click();

    await payOnBorica(page, CARD_APPROVED);
    await backOnResultPage(page, orderId);
    await expect(resultText(page)).toHaveText('Плащането е успешно. Благодарим!', { timeout: 30_000 });
    await page.getByRole('link', { name: 'Към поръчката' }).click();
    await expect(page.getByTestId('payment-status')).toHaveText('Платена');
    await expect(page.getByTestId('payment-attempt')).toHaveCount(2);
  });
});
