import { expect, test } from '@playwright/test';
import {
  AIRPODS,
  addButton,
  badge,
  openCartFromHeader,
  openStore,
  productOnDevice,
  syncMode,
  syncWaiting,
} from './helpers.ts';

test('adding to the cart offline shows at once, waits, and is confirmed when back online', async ({
  page,
  context,
}) => {
  await openStore(page);
  // The device prices an offline tap from its own catalogue: this spec starts once that holds the product.
  await productOnDevice(page, AIRPODS);
  await expect(badge(page)).toHaveText('0');
  await expect(syncWaiting(page)).toHaveText('0 чакащи');

  await context.setOffline(true);
  await expect(syncMode(page)).toHaveText('Офлайн');

  await addButton(page, AIRPODS).click();
  // Optimistic: the badge changes before any server has heard of it.
  await expect(badge(page)).toHaveText('1');
  await expect(syncWaiting(page)).toHaveText('1 чакащ');
  await expect(page.getByTestId('notification').filter({ hasText: 'Запазено на устройството' })).toBeVisible();

  await context.setOffline(false);
  await expect(syncWaiting(page)).toHaveText('0 чакащи', { timeout: 30_000 });
  await expect(syncMode(page)).toHaveText('Онлайн', { timeout: 30_000 });
  const added = page.getByTestId('notification').filter({ hasText: 'Продуктът е добавен в количката!' });
  await expect(added).toBeVisible();
  await expect(badge(page)).toHaveText('1');

  // The success message leads to the checkout (issue 16); the cart holds the confirmed line.
  await added.getByRole('link', { name: 'Продължи към поръчката' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await openCartFromHeader(page);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line').first()).toHaveAttribute('data-sku', AIRPODS);
  await expect(page.getByTestId('cart-line-qty')).toHaveText('1');
  await expect(page.getByTestId('cart-pending')).toHaveCount(0);
});
