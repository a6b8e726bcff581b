import { expect, test } from '@playwright/test';
import { AIRPODS, IPHONE, addButton, badge, openStore } from './helpers.ts';

test('the cart changes quantities, asks before removing, and empties', async ({ page }) => {
  await openStore(page);
  await addButton(page, AIRPODS).click();
  await addButton(page, IPHONE).click();
  await expect(badge(page)).toHaveText('2');

  await page.getByRole('link', { name: /^Количка/ }).click();
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
