import { expect, test } from '@playwright/test';
import { cartWithAirPods, fillPersonal, fillShipping, guest, next, step } from './checkout-helpers.ts';
import { CREDIT, creditSimUrl, placeReviewed, simStats, type CreditStats } from './payments-helpers.ts';

/** A valid ЕГН (1 January 1975) that the test creditor approves (simulators/credit/decide.ts). */
const EGN = '7501010010';

/** Issue 17: consumer credit, from the checkout's calculator to the application's decision, live on the order. */
test.describe('buying on credit', () => {
  test('the application goes to the creditor with the order and its decision reaches the thank-you page live', async ({
    page,
  }) => {
    const before = await simStats<CreditStats>(creditSimUrl());
    const shopper = guest('credit');
    await cartWithAirPods(page);
    await page.goto('/checkout');
    await fillPersonal(page, shopper);
    await fillShipping(page, shopper);
    await step(page, 'payment');
    await page.getByRole('radio', { name: CREDIT }).check();
    const form = page.getByTestId('credit-form');
    const months = form.getByLabel('Срок на изплащане');
    await expect(months.locator('option')).not.toHaveCount(1);
    await months.selectOption({ index: 1 });
    await form.getByLabel('Име, презиме и фамилия').fill(`${shopper.firstName} Иванова ${shopper.lastName}`);
    await form.getByLabel('ЕГН').fill(EGN);
    await form.getByLabel('Имейл').fill(shopper.email);
    await form.getByLabel('Телефон').fill('0888123456');
    await form.getByLabel('Населено място').fill('София');
    await form.getByLabel('Постоянен адрес').fill('ул. Шипка 6');
    await next(page).click();
    await placeReviewed(page);

    // No page of the creditor's: the shopper stays, and sees the application's state change by itself.
    const payment = page.getByTestId('order-payment');
    await expect(payment.getByTestId('payment-status')).toHaveText(/Обработва се|Платена/, { timeout: 30_000 });
    await expect(payment.getByTestId('payment-status')).toHaveText('Платена', { timeout: 60_000 });

    const after = await simStats<CreditStats>(creditSimUrl());
    expect(after.applications - before.applications).toBe(1);
  });
});
