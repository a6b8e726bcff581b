import { expect, test } from '@playwright/test';
import { AIRPODS, addButton, openStore, syncWaiting } from './helpers.ts';

test('Bulgarian by default, English after the switch, and the choice is remembered', async ({ page }) => {
  await openStore(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Продукти на Apple');
  await expect(addButton(page, AIRPODS)).toHaveAccessibleName(/^Добави в количката: AirPods Pro 3/);
  await expect(page.getByRole('heading', { level: 2, name: 'Топ продукти' })).toBeVisible();
  await expect(syncWaiting(page)).toHaveText('0 чакащи');
  await expect(page).toHaveTitle('Продукти | Apple Store България');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apple products');
  await expect(addButton(page, AIRPODS)).toHaveAccessibleName(/^Add to cart: AirPods Pro 3/);
  await expect(page.getByRole('heading', { level: 2, name: 'Top products' })).toBeVisible();
  await expect(syncWaiting(page)).toHaveText('0 waiting');
  // On a phone the switch offers the other language only; the page's own is marked pressed.
  await expect(page.getByRole('group', { name: 'Language' }).locator('[lang="en"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page).toHaveTitle('Products | Apple Store Bulgaria');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apple products');

  await page.getByRole('button', { name: 'Български' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Продукти на Apple');
});

test('unknown addresses show the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Страницата не е намерена' })).toBeVisible();
  await page.getByRole('link', { name: 'Към началната страница' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Продукти на Apple');
});

test('/error shows the error page, not the not-found page', async ({ page }) => {
  const response = await page.goto('/error');
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Нещо се обърка' })).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await page.getByRole('link', { name: 'Към началната страница' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Продукти на Apple');
});
