import { expect, test } from '@playwright/test';
import {
  AIRPODS,
  MACBOOK_AIR,
  addButton,
  badge,
  identityReady,
  openCartFromHeader,
  openStore,
  waitForServiceWorker,
} from './helpers.ts';

test('the cart changes quantities, asks before removing, and empties @journey', async ({ page }) => {
  await openStore(page);
  await addButton(page, AIRPODS).click();
  await addButton(page, MACBOOK_AIR).click();
  await expect(badge(page)).toHaveText('2');

  await openCartFromHeader(page);
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  const airpods = page.locator(`[data-testid="cart-line"][data-sku="${AIRPODS}"]`);
  await expect(page.getByTestId('cart-total')).toContainText('лв.');
  await expect(page.getByTestId('cart-total')).toContainText('€');

  await airpods.getByRole('button', { name: /^Увеличи/ }).click();
  await expect(airpods.getByTestId('cart-line-qty')).toHaveText('2');
  await expect(badge(page)).toHaveText('3');
  await airpods.getByRole('button', { name: /^Намали/ }).click();
  await expect(airpods.getByTestId('cart-line-qty')).toHaveText('1');

  // − on a single unit removes the line, after a confirmation; cancelling keeps it.
  await airpods.getByRole('button', { name: /^Намали/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('AirPods Pro 3');
  await dialog.getByRole('button', { name: 'Отказ' }).click();
  await expect(dialog).toBeHidden();
  await expect(lines).toHaveCount(2);

  await airpods.getByRole('button', { name: /^Премахни/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Премахни' }).click();
  await expect(lines).toHaveCount(1);
  await expect(badge(page)).toHaveText('1');

  await page.getByRole('button', { name: 'Изпразни количката' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Изпразни' }).click();
  await expect(page.getByText('Количката ви е празна.')).toBeVisible();
  await expect(badge(page)).toHaveText('0');
});

test('a line with options shows them in words and costs what the page showed, offline at once and after the server', async ({
  page,
  context,
}) => {
  // The home page first: the cart's product list (with the watch's options) is on the device before going offline,
  // and the service worker serves the cart page's code offline.
  await openStore(page);
  await waitForServiceWorker(page);
  await page.goto('/apple-watch-ultra-3-49-AWU3-49-TI');
  const add = page.getByRole('button', { name: 'Добави в количката' });
  await expect(add).toBeEnabled({ timeout: 30_000 });
  // The tap below is offline: the device's store open with its identity first, so the line goes once back online.
  await identityReady(page);
  await page
    .getByRole('group', { name: /Размер на каишката/ })
    .getByRole('radio', { name: 'M' })
    .check();
  await page.getByRole('checkbox', { name: /AppleCare\+/ }).check();
  const shown = page.getByTestId('product-price').locator('.price__primary').first();
  await expect(shown).toHaveText(/918,79/);
  const shownText = (await shown.textContent()) ?? '';

  await context.setOffline(true);
  await add.click();
  await expect(badge(page)).toHaveText('1');
  // The service worker serves the app offline; the cart is read from the device.
  await page.goto('/cart');
  const line = page.locator('[data-testid="cart-line"][data-sku="AWU3-49-TI"]');
  const unit = line.locator('.line__unit .price__primary');
  // Offline, the optimistic line is priced by the same rules as the server will price it.
  await expect(page.getByTestId('cart-pending')).toBeVisible();
  await expect(unit).toHaveText(shownText);
  await expect(line).toContainText('AppleCare+ за 2 години');
  await expect(line).toContainText('Размер на каишката');
  await expect(line).not.toContainText('custom:');

  await context.setOffline(false);
  await expect(page.getByTestId('cart-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(unit).toHaveText(shownText);
  // More of the same line keeps its options' price.
  await line.getByRole('button', { name: /^Увеличи/ }).click();
  await expect(line.getByTestId('cart-line-qty')).toHaveText('2');
  await expect(page.getByTestId('cart-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('cart-total').locator('.price__primary')).toHaveText(/1\s?837,58/);
});
