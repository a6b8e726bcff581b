import { expect, type Page } from '@playwright/test';
import { AIRPODS, addButton, badge, openStore } from './helpers.ts';

/** Checkout helpers of the checkout-*.spec.ts and orders-*.spec.ts files (issue 16). */

export interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
}

export const next = (page: Page) => page.getByTestId('checkout-next');
export const step = (page: Page, name: string) =>
  expect(page.getByTestId('checkout-page')).toHaveAttribute('data-step', name);

/** Home page, one AirPods in the cart (confirmed by the server), then /checkout. */
export async function cartWithAirPods(page: Page): Promise<void> {
  await openStore(page);
  await addButton(page, AIRPODS).click();
  await expect(badge(page)).toHaveText('1');
  await expect(page.getByTestId('sync-waiting')).toHaveText('0 чакащи', { timeout: 30_000 });
}

export async function fillPersonal(page: Page, shopper: Shopper): Promise<void> {
  await step(page, 'personal');
  await page.getByLabel('Име', { exact: true }).fill(shopper.firstName);
  await page.getByLabel('Фамилия', { exact: true }).fill(shopper.lastName);
  await page.getByLabel('Имейл', { exact: true }).fill(shopper.email);
  await next(page).click();
}

export async function fillShipping(page: Page, shopper: Shopper): Promise<void> {
  await step(page, 'shipping');
  await page.getByLabel('Име', { exact: true }).fill(shopper.firstName);
  await page.getByLabel('Фамилия', { exact: true }).fill(shopper.lastName);
  await page.getByLabel('Адрес', { exact: true }).fill('ул. Шипка 6');
  await page.locator('input[name="shipping-city"]').fill('София');
  await page.locator('input[name="shipping-city"]').press('Escape');
  await page.locator('input[name="shipping-zipCode"]').fill('1000');
  await page.getByLabel('Телефон', { exact: true }).fill('0888123456');
  await next(page).click();
}

export async function choosePayment(page: Page, method: 'Наложен платеж' | 'Банков превод'): Promise<void> {
  await step(page, 'payment');
  await page.getByRole('radio', { name: method }).check();
}

/** Accepts the terms and places the order; answers the order id from the thank-you page's address. */
export async function placeOrder(page: Page): Promise<string> {
  await step(page, 'review');
  await page.getByRole('checkbox', { name: 'Приемам общите условия' }).check();
  await next(page).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return page.url().split('/').at(-1)!;
}

/** A guest's whole checkout up to the review step, with cash on delivery. */
export async function guestToReview(
  page: Page,
  shopper: Shopper,
  method: 'Наложен платеж' | 'Банков превод' = 'Наложен платеж',
): Promise<void> {
  await page.goto('/checkout');
  await fillPersonal(page, shopper);
  await fillShipping(page, shopper);
  await choosePayment(page, method);
  await next(page).click();
}

let counter = 0;
export const guest = (label: string): Shopper => ({
  firstName: 'Мария',
  lastName: 'Петрова',
  email: `e2e-${label}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.bg`,
});
