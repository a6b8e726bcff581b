import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createAccount, logInInBrowser, uniqueEmail } from './account-helpers.ts';

test("the account's data downloads as one JSON file, with progress said on the way", async ({ page, request }) => {
  const email = uniqueEmail('export');
  await createAccount(request, { firstname: 'Вера', lastname: 'Маринова', email });
  await logInInBrowser(page, email, 'Вера');
  await expect(page).toHaveURL(/\/my-account$/);

  const card = page.getByTestId('data-export');
  await expect(card.getByRole('heading', { name: 'Вашите данни' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Изтегли данните (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^apple-store-bg-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { email: string } };
  expect(data.profile.email).toBe(email);
  await expect(card.getByTestId('data-export-status')).toHaveText('Файлът е изтеглен.');

  // The copy to read: a page with the same data.
  const readable = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Изтегли за четене (HTML)' }).click();
  const html = await readFile((await (await readable).path())!, 'utf8');
  expect(html).toContain('<h1>Вашите данни в Apple Store BG</h1>');
  expect(html).toContain(email);
});
