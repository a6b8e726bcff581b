import { expect, test } from '@playwright/test';
import { createAccount, logInInBrowser, uniqueEmail } from './account-helpers.ts';
import { syncMode } from './helpers.ts';
import { cartWithAirPods, choosePayment, fillShipping, next, placeOrder, step } from './checkout-helpers.ts';

test("an order made offline is in the user's order history at once, waiting to be sent, and received after reconnect", async ({
  page,
  context,
  request,
}) => {
  const account = { firstname: 'Петър', lastname: 'Георгиев', email: uniqueEmail('orders-offline') };
  await createAccount(request, account);
  await logInInBrowser(page, account.email, account.firstname);
  await cartWithAirPods(page);
  await page.goto('/checkout');
  await step(page, 'personal');
  await next(page).click();
  await fillShipping(page, { firstName: account.firstname, lastName: account.lastname, email: account.email });
  await choosePayment(page, 'Наложен платеж');
  await next(page).click();

  await context.setOffline(true);
  await expect(syncMode(page)).toHaveText('Офлайн');
  const orderId = await placeOrder(page);
  // Offline, within the app: the history lists it at once, no refresh.
  await page.getByRole('link', { name: 'Моите поръчки' }).click();
  const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
  await expect(row.getByTestId('order-status')).toHaveText('Чака изпращане');
  await expect(row).toContainText('€');

  await context.setOffline(false);
  await expect(row.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
  await expect(row.getByRole('link')).toHaveText(/BG-\d{4}-\d{6,}/);
});

test("a guest creates an account with the order: the order is the new user's", async ({ page }) => {
  const email = uniqueEmail('checkout-create');
  await cartWithAirPods(page);
  await page.goto('/checkout');
  await page.getByLabel('Име', { exact: true }).fill('Елена');
  await page.getByLabel('Фамилия', { exact: true }).fill('Димитрова');
  await page.getByLabel('Имейл', { exact: true }).fill(email);
  await page.getByRole('checkbox', { name: 'Създай профил с тази поръчка' }).check();
  await page.getByLabel('Парола за профила').fill('ябълка-и-круша-2026');
  await next(page).click();
  await fillShipping(page, { firstName: 'Елена', lastName: 'Димитрова', email });
  await choosePayment(page, 'Банков превод');
  await next(page).click();
  // Never stored: the draft holds no password.
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('ябълка');
  const orderId = await placeOrder(page);
  await expect(page.getByTestId('account-name')).toHaveText('Елена', { timeout: 30_000 });
  await expect(page.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
  await page.goto('/my-account/orders');
  await expect(page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`)).toBeVisible({ timeout: 30_000 });
});
