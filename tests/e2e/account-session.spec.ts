import { expect, test } from '@playwright/test';
import { PASSWORD, createAccount, logInInBrowser, uniqueEmail } from './account-helpers.ts';

test('a session ended on another device: the next account call shows the sign-up modal and goes home', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('ended');
  await createAccount(request, { firstname: 'Стела', lastname: 'Ангелова', email });
  await logInInBrowser(page, email, 'Стела');
  await expect(page).toHaveURL(/\/my-account$/);

  // Another device changes the password: the server ends every other session, this one's included.
  const { baseURL } = test.info().project.use;
  const otherContext = await browser.newContext({ baseURL });
  try {
    const other = await otherContext.newPage();
    await logInInBrowser(other, email, 'Стела');
    await other.getByLabel('Текуща парола').fill(PASSWORD);
    await other.getByLabel('Нова парола', { exact: true }).fill(`${PASSWORD}-нова`);
    await other.getByLabel('Повторете новата парола').fill(`${PASSWORD}-нова`);
    await other.getByRole('button', { name: 'Смени паролата' }).click();
    await expect(other.getByText('Паролата е сменена.')).toBeVisible();
  } finally {
    await otherContext.close();
  }

  // This device's token no longer works and its refresh token neither: logged out, with the sign-up modal.
  await page.getByRole('button', { name: 'Запази данните' }).click();
  const modal = page.getByTestId('sign-up-modal');
  await expect(modal).toBeVisible({ timeout: 30_000 });
  await expect(modal.getByRole('heading')).toHaveText('Влезте отново');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-guard-warning')).toHaveCount(0);

  await modal.getByRole('button', { name: 'Вход' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
});
