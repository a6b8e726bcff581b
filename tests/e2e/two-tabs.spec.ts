import { expect, test } from '@playwright/test';
import { AIRPODS, addButton, badge, openStore, syncWaiting } from './helpers.ts';

test('a second tab shows the same cart without a reload', async ({ page, context }) => {
  await openStore(page);
  const second = await context.newPage();
  await openStore(second, '/cart');
  await expect(second.getByText('Количката ви е празна.')).toBeVisible();

  await addButton(page, AIRPODS).click();
  await expect(badge(page)).toHaveText('1');

  await expect(badge(second)).toHaveText('1');
  await expect(second.getByTestId('cart-line')).toHaveCount(1);
  await expect(second.getByTestId('cart-line').first()).toHaveAttribute('data-sku', AIRPODS);

  // And back: a change in the second tab reaches the first.
  await second.getByRole('button', { name: /^Увеличи количеството/ }).click();
  await expect(second.getByTestId('cart-line-qty')).toHaveText('2');
  await expect(badge(page)).toHaveText('2');
  // One tab, the leader, replicates for both: the second tab's command was pushed and answered.
  await expect(syncWaiting(second)).toHaveText('0 чакащи', { timeout: 30_000 });
  await expect(syncWaiting(page)).toHaveText('0 чакащи');
});
