import { expect, type Page } from '@playwright/test';
import { fillPersonal, fillShipping, next, placeOrder, step, type Shopper } from './checkout-helpers.ts';

/** Helpers of the payments-*.spec.ts files (issue 17): the checkout with an online method, the simulators' pages. */

export const CARD = 'Карта (Visa, Mastercard)';
export const PAYPAL = 'PayPal';

/** The documented test cards (BULGARIA.md): approved, and declined with RC 04. */
export const CARD_APPROVED = '5100770000000022';
export const CARD_DECLINED = '5555000000070019';

/**
 * A simulator's address, as tests/e2e/payments-stack.ts started it with the suite. Missing means the suite's setup is
 * broken (or E2E_BASE_URL points at a store started without them): the payment tests fail, they are never skipped.
 */
const simUrl = (name: 'BORICA' | 'PAYPAL' | 'CREDIT'): string => {
  const url = process.env[`E2E_${name}_SIM_URL`];
  if (!url) throw new Error(`E2E_${name}_SIM_URL is not set: the ${name} simulator must run with the suite`);
  return url;
};
export const boricaSimUrl = (): string => simUrl('BORICA');
export const paypalSimUrl = (): string => simUrl('PAYPAL');

/** From the cart to the review step with an online payment method. */
export async function toReviewPaying(page: Page, shopper: Shopper, method: string): Promise<void> {
  await page.goto('/checkout');
  await fillPersonal(page, shopper);
  await fillShipping(page, shopper);
  await step(page, 'payment');
  await page.getByRole('radio', { name: method }).check();
  await next(page).click();
}

/** Places the reviewed order: answers its id (the thank-you page's address). */
export const placeReviewed = (page: Page): Promise<string> => placeOrder(page);

/** The BORICA simulator's card page: waits for it, types the card and pays. */
export async function payOnBorica(page: Page, card: string): Promise<void> {
  const sim = boricaSimUrl();
  await page.waitForURL((url) => url.origin === new URL(sim).origin, { timeout: 30_000 });
  await expect(page.getByText('ТЕСТОВ ШЛЮЗ').first()).toBeVisible();
  await page.getByLabel('Номер на карта').fill(card);
  await page.getByLabel('Валидност (ММ/ГГ)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Име на картодържателя').fill('MARIA PETROVA');
  await page.getByRole('button', { name: 'Плати' }).click();
}

/** The page the gateway sends the shopper back to, for this order. */
export async function backOnResultPage(page: Page, orderId: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/payment/result/${orderId}$`), { timeout: 30_000 });
}

export const resultText = (page: Page) => page.getByTestId('payment-result');

/** A simulator's counters (`GET /__sim/stats`): what it really did, whatever the store believes. */
export async function simStats<T>(baseUrl: string): Promise<T> {
  const response = await fetch(`${baseUrl}/__sim/stats`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

export interface BoricaStats {
  sales: { approved: number; declined: number };
  charges: { order: string; amount: string; rc: string }[];
}

export interface PaypalStats {
  capturesCompleted: number;
  capturesByOrder: Record<string, number>;
}

export const CREDIT = 'Покупка на кредит';
export const creditSimUrl = (): string => simUrl('CREDIT');

export interface CreditStats {
  applications: number;
  byStatus: Record<string, number>;
}
