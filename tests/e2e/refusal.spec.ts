import { expect, test } from '@playwright/test';
import { addButton, badge, openStore, syncWaiting } from './helpers.ts';

/** iPhone 17 Pro Max has 2 units in stock in the demo catalogue. */
const LAST_TWO = 'IP17PM-512-ORG';

test('a refusal from the store is shown as a translated notification', async ({ page }) => {
  await openStore(page);
  for (let i = 0; i < 3; i++) await addButton(page, LAST_TWO).click();

  const refusal = page
    .getByTestId('notification')
    .filter({ hasText: 'Няма достатъчно бройки на склад за желаното количество.' });
  await expect(refusal).toBeVisible();
  await expect(syncWaiting(page)).toHaveText('0 чакащи');
  await expect(badge(page)).toHaveText('2');

  await refusal.getByRole('button', { name: 'ОК' }).click();
  await expect(refusal).toBeHidden();
});
