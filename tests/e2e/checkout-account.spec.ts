import { expect, test } from '@playwright/test';
import { createAccount, logInInBrowser, uniqueEmail } from './account-helpers.ts';
import { cartWithAirPods, choosePayment, fillShipping, next, placeOrder, step } from './checkout-helpers.ts';

test('a logged-in shopper checks out with bank transfer and a company invoice; the order is in history and on tracking', async ({
  page,
  request,
}) => {
  const account = { firstname: 'Иван', lastname: 'Иванов', email: uniqueEmail('checkout-invoice') };
  await createAccount(request, account);
  await logInInBrowser(page, account.email, account.firstname);
  await cartWithAirPods(page);
  await page.goto('/checkout');
  // Prefilled from the account.
  await step(page, 'personal');
  await expect(page.getByLabel('Имейл', { exact: true })).toHaveValue(account.email);
  await expect(page.getByLabel('Име', { exact: true })).toHaveValue(account.firstname);
  await next(page).click();
  await fillShipping(page, { firstName: account.firstname, lastName: account.lastname, email: account.email });
  await choosePayment(page, 'Банков превод');
  await page.getByRole('checkbox', { name: 'Искам фактура на фирма' }).check();
  await page.getByLabel('Фирма', { exact: true }).fill('Ябълка ООД');
  await page.getByLabel('ЕИК (БУЛСТАТ)', { exact: true }).fill('831642181');
  await page.getByLabel('ДДС номер (по желание)').fill('BG831642181');
  await page.getByLabel('МОЛ', { exact: true }).fill('Иван Иванов');
  await page.getByLabel('Населено място', { exact: true }).fill('Пловдив');
  await page.getByLabel('Адрес', { exact: true }).fill('ул. Главна 1');
  await next(page).click();
  const orderId = await placeOrder(page);
  await expect(page.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
  const orderNumber = (await page.getByTestId('order-number').textContent())!;

  // History, newest first, with the status in words and the euro total.
  await page.getByRole('link', { name: 'Моите поръчки' }).click();
  const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('order-status')).toHaveText('Приета');
  await expect(row).toContainText('€');
  await row.getByRole('link').click();
  await expect(page.getByTestId('order-invoice')).toContainText('831642181');
  await expect(page.getByTestId('order-address')).toContainText('1000 София');

  // Tracking: the number and the e-mail together; a wrong e-mail reads the same as a wrong number.
  await page.goto('/order-tracking');
  await page.getByLabel('Номер на поръчката').fill(orderNumber);
  await page.getByLabel('Имейл', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Провери' }).click();
  await expect(page.getByTestId('tracking-result').getByTestId('order-status').first()).toHaveText('Приета');
  // Issue 29: what the call answers is shown: the lines, the totals, when it was placed and its status history.
  const tracked = page.getByTestId('tracking-result');
  await expect(tracked.getByTestId('order-lines').locator('li')).toHaveCount(1);
  await expect(tracked.getByTestId('order-lines')).toContainText('AirPods');
  await expect(tracked.getByTestId('total-grand_total')).toContainText('€');
  await expect(tracked.getByTestId('tracking-placed')).toContainText(String(new Date().getFullYear()));
  await expect(tracked.getByTestId('order-history').getByTestId('order-status')).toHaveText(['Приета']);
  await expect(tracked).toContainText('Банков превод');
  await page.getByLabel('Имейл', { exact: true }).fill(uniqueEmail('someone-else'));
  await page.getByRole('button', { name: 'Провери' }).click();
  await expect(page.getByTestId('tracking-result')).toHaveText('Не намерихме поръчка с този номер и имейл.');

  // Cancel while not shipped.
  await page.goto(`/my-account/orders/${orderId}`);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('order-cancel').click();
  await expect(page.getByTestId('order-outcome').getByTestId('order-status')).toHaveText('Отказана', {
    timeout: 30_000,
  });
});
