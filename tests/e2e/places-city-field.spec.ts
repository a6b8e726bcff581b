import { expect, test, type Page } from '@playwright/test';
import { cartWithAirPods, fillPersonal, guest, step } from './checkout-helpers.ts';
import { waitForServiceWorker } from './helpers.ts';
import { severeViolations } from './severe-violations.ts';

/**
 * Issue 16: the checkout's city field, an ARIA 1.2 combobox over every Bulgarian settlement (client/places): typed
 * in Cyrillic or Latin, chosen with the keyboard, its postcode filled in when it has one; offline too.
 */
const city = (page: Page) => page.getByRole('combobox', { name: 'Населено място' });
const zip = (page: Page) => page.getByRole('textbox', { name: 'Пощенски код' });
const options = (page: Page) => page.getByRole('listbox', { name: 'Населени места' }).getByRole('option');

async function toShipping(page: Page): Promise<void> {
  await cartWithAirPods(page);
  await page.goto('/checkout');
  await fillPersonal(page, guest('places'));
  await step(page, 'shipping');
}

test('a city is found in Latin letters and chosen with the keyboard; a village fills its postcode', async ({
  page,
}) => {
  await toShipping(page);
  await city(page).fill('plov');
  await expect(city(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(options(page).first()).toContainText('Пловдив');
  await expect(page.getByRole('status').filter({ hasText: 'населени места' })).toHaveCount(1);
  // The open combobox and its listbox pass axe-core (WCAG 2.1 A and AA, ARIA rules, contrast).
  expect(await severeViolations(page, '.city-field')).toEqual([]);

  await city(page).press('ArrowDown');
  const first = options(page).first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(city(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await city(page).press('Enter');
  await expect(city(page)).toHaveValue('Пловдив');
  await expect(city(page)).toHaveAttribute('aria-expanded', 'false');
  // Plovdiv has many postcodes: the shopper gives theirs.
  await expect(zip(page)).toHaveValue('');
  await expect(page.getByText('Пловдив има няколко пощенски кода: въведете вашия.')).toBeVisible();

  await city(page).fill('Гостун');
  await city(page).press('ArrowDown');
  await city(page).press('Enter');
  await expect(city(page)).toHaveValue('Гостун');
  await expect(zip(page)).toHaveValue('2773');

  // Escape closes the list and keeps what was typed.
  await city(page).fill('Варн');
  await expect(options(page).first()).toBeVisible();
  await city(page).press('Escape');
  await expect(city(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(city(page)).toHaveValue('Варн');

  // A postcode typed first names its settlement.
  await city(page).fill('');
  await zip(page).fill('9000');
  await expect(city(page)).toHaveValue('Варна');
});

test('the settlements work offline once the store has been installed', async ({ page, context }) => {
  await toShipping(page);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  // The checkout's draft brings the shopper back to the shipping step.
  await step(page, 'shipping');
  await city(page).fill('sofia');
  await expect(options(page).first()).toContainText('София');
  await context.setOffline(false);
});
