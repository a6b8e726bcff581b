import { expect, test } from '@playwright/test';
import { badge } from './helpers.ts';
import { cartWithAirPods, guest, guestToReview, next, placeOrder, step } from './checkout-helpers.ts';

test('a guest checks out with cash on delivery: steps, euro totals, the thank-you page, the cart emptied @journey', async ({
  page,
}) => {
  const shopper = guest('cod');
  await cartWithAirPods(page);
  await page.goto('/checkout');
  // Continue on an empty step: the errors are announced and the first wrong field has the focus.
  await next(page).click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expect(page.getByLabel('Име', { exact: true })).toBeFocused();

  await guestToReview(page, shopper);
  await step(page, 'review');
  await expect(page.getByTestId('review-lines').locator('li')).toHaveCount(1);
  // Issue 29: before "Поръчай", where and how the order goes and is paid, as typed on the steps before.
  const delivery = page.getByTestId('order-delivery');
  await expect(delivery.getByTestId('order-address')).toHaveText('Мария Петрова, ул. Шипка 6, 1000 София');
  await expect(delivery).toContainText('0888123456');
  await expect(delivery.getByTestId('order-shipping-method')).toHaveText('Куриер до адрес');
  await expect(delivery.getByTestId('order-payment-method')).toHaveText('Наложен платеж');
  await expect(page.getByTestId('total-grand_total')).toContainText('€');
  await expect(page.getByTestId('total-grand_total')).toContainText('лв');

  // The draft: a reload keeps the step and every field.
  await page.reload();
  await step(page, 'review');

  await page.getByRole('button', { name: 'Поръчай' }).click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  const orderId = await placeOrder(page);
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
  await expect(page.getByTestId('order-number')).toHaveText(/^BG-\d{4}-\d{6,}$/);
  await expect(page.getByTestId('order-charged')).toContainText('€');
  // Issue 29: after "Поръчай" too, with the lines ordered.
  const details = page.getByTestId('thank-you-details');
  await expect(details.getByTestId('order-address')).toHaveText('Мария Петрова, ул. Шипка 6, 1000 София');
  await expect(details.getByTestId('order-shipping-method')).toHaveText('Куриер до адрес');
  await expect(details.getByTestId('order-payment-method')).toHaveText('Наложен платеж');
  await expect(details.getByTestId('order-lines').locator('li')).toHaveCount(1);
  await expect(details.getByTestId('order-lines')).toContainText('AirPods');
  // The server took the ordered lines out of the cart.
  await expect(badge(page)).toHaveText('0', { timeout: 30_000 });
  const last = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('checkout.lastOrder') ?? 'null') as { orderId: string; paymentMethod: string },
  );
  expect(last).toMatchObject({ orderId, paymentMethod: 'cashondelivery' });

  // In English too: the page, the status in words.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await expect(page.getByTestId('order-status')).toHaveText('Received');
});
