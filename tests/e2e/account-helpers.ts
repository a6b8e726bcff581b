import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Account helpers of the account-*.spec.ts files (issue 5). */

export const PASSWORD = 'ябълка-и-круша-2026';

let counter = 0;
/** A fresh address per call: every spec runs against the same server, so accounts must not collide. */
export const uniqueEmail = (label: string): string =>
  `e2e-${label}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.bg`;

export interface NewAccount {
  firstname: string;
  lastname: string;
  email: string;
  password?: string;
  egn?: string;
}

/** Fills the register form (labels as a shopper reads them) and sends it. */
export async function fillRegisterForm(page: Page, account: NewAccount): Promise<void> {
  await page.getByLabel('Име', { exact: true }).fill(account.firstname);
  await page.getByLabel('Фамилия', { exact: true }).fill(account.lastname);
  await page.getByLabel('Имейл', { exact: true }).fill(account.email);
  await page.getByLabel('ЕГН (по желание)').fill(account.egn ?? '');
  await page.getByLabel('Парола', { exact: true }).fill(account.password ?? PASSWORD);
  await page.getByLabel('Повторете паролата').fill(account.password ?? PASSWORD);
}

export const submitRegister = (page: Page) => page.getByRole('button', { name: 'Създай профил' }).click();

/** Opens /register, registers and waits until the header shows the user's name (the automatic login). */
export async function registerInBrowser(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/register');
  await fillRegisterForm(page, account);
  await submitRegister(page);
  await expect(page.getByTestId('account-name')).toHaveText(account.firstname, { timeout: 30_000 });
}

/** Logs in on the /login page (or the page `path` leads to) and waits for the user's name in the header. */
export async function logInInBrowser(page: Page, email: string, firstname: string, path = '/login'): Promise<void> {
  if (path) await page.goto(path);
  await page.getByLabel('Имейл', { exact: true }).fill(email);
  await page.getByLabel('Парола', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Вход', exact: true }).click();
  await expect(page.getByTestId('account-name')).toHaveText(firstname, { timeout: 30_000 });
}

/** An account made through the server's call, for specs about what comes after registering. */
export async function createAccount(request: APIRequestContext, account: NewAccount): Promise<void> {
  const response = await request.post('/api/user/create', {
    data: {
      customer: { email: account.email, firstname: account.firstname, lastname: account.lastname },
      password: account.password ?? PASSWORD,
    },
  });
  expect(response.status()).toBe(200);
}

export const accountName = (page: Page) => page.getByTestId('account-name');
