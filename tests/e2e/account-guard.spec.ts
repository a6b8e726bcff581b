import { expect, test } from '@playwright/test';
import { accountName, createAccount, logInInBrowser, uniqueEmail } from './account-helpers.ts';

const WARNING = 'Трябва да влезете в профила си, за да видите тази страница';

test('a guest on /my-account is sent home with the warning, and Log in brings them back to the page', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('guard');
  await createAccount(request, { firstname: 'Георги', lastname: 'Стоянов', email });

  await page.goto('/my-account/invoice-details');
  await expect(page).toHaveURL(/\/$/);
  const warning = page.getByTestId('account-guard-warning');
  await expect(warning).toContainText(WARNING);
  await expect(warning.getByRole('link', { name: 'Регистрация' })).toBeVisible();

  await warning.getByRole('link', { name: 'Вход' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await logInInBrowser(page, email, 'Георги', '');
  await expect(page).toHaveURL(/\/my-account\/invoice-details$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Данни за фактура');
  await expect(warning).toHaveCount(0);
});

test('a logged-in user who opens an account page directly lands on it; logging out there goes home, wishlist cleared', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('direct');
  await createAccount(request, { firstname: 'Елена', lastname: 'Маринова', email });
  await logInInBrowser(page, email, 'Елена');
  // Spec (commerce section 4): "Logout clears the token and user, ... the wishlist, the checkout details and the cart."
  await page.goto('/iphone');
  await page
    .getByRole('button', { name: /^Запази в желани продукти/ })
    .first()
    .click();
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');

  // A full load: the stored session is read first, then the guard lets the user in (no bounce home).
  await page.goto('/my-account/shipping-details');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Адрес за доставка');
  await expect(page).toHaveURL(/\/my-account\/shipping-details$/);
  await expect(page.getByTestId('account-guard-warning')).toHaveCount(0);

  await page.getByRole('button', { name: 'Изход' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Излязохте от профила си.')).toBeVisible();
  await expect(page.getByTestId('account-guard-warning')).toHaveCount(0);
  await expect(accountName(page)).toHaveCount(0);
  await expect(page.getByTestId('account-menu').getByRole('link', { name: 'Вход' })).toBeVisible();
  await expect(page.getByTestId('wishlist-count')).toHaveText('0');
});
