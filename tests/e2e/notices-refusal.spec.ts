import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';
import { createAccount, logInInBrowser, PASSWORD, uniqueEmail } from './account-helpers.ts';
import { openStore } from './helpers.ts';
import { severeViolations } from './severe-violations.ts';

/**
 * Issue 16: nothing the server decides is lost on its way to the shopper. A refusal decided while the store's tab
 * is closed is shown when the store opens again, and acknowledging it on one browser removes it from the other.
 */
const REFUSAL = 'Продуктът не е наличен.';

/** Another device of the user (a phone, say): it pushes a command the store will refuse, and waits for the answer. */
async function refuseOnAnotherDevice(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/user/login', { data: { username: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).result as string;
  const headers = { authorization: `Bearer ${token}` };
  const me = await (await request.get('/api/user/me', { headers })).json();
  const command = {
    id: uuidv7(),
    type: 'cart.addItem',
    payload: { sku: 'NO-SUCH-SKU', qty: 1 },
    owner: me.result.id as string,
    clientId: `client-e2e-${uuidv7()}`,
    seq: 1,
    createdAt: Date.now(),
    status: 'pending',
    serverSeq: 0,
  };
  const push = await request.post('/sync/commands/push', { headers, data: { rows: [{ newDocumentState: command }] } });
  expect(push.status()).toBe(200);
  await expect
    .poll(async () => {
      const pulled = await (await request.get('/sync/outcomes/pull?after=0&limit=1000', { headers })).json();
      return (pulled.documents as { id: string; status: string }[]).find((d) => d.id === command.id)?.status;
    })
    .toBe('rejected');
  return command.id;
}

const notices = (page: Page) => page.getByTestId('lasting-notices');

test('a refusal decided while the tab is closed shows when the store opens, until acknowledged on any device', async ({
  browser,
  request,
}) => {
  const account = { firstname: 'Рада', lastname: 'Петрова', email: uniqueEmail('notices') };
  await createAccount(request, account);

  const home = await browser.newContext();
  const first = await home.newPage();
  await logInInBrowser(first, account.email, account.firstname);
  await openStore(first);
  await expect(notices(first)).toHaveCount(0);
  await first.close();

  // Decided while no tab of the store is open.
  await refuseOnAnotherDevice(request, account.email);

  const again = await home.newPage();
  await openStore(again);
  const notice = notices(again).getByTestId('lasting-notice').filter({ hasText: REFUSAL });
  await expect(notice).toBeVisible();
  await expect(notices(again).getByRole('heading', { name: 'Магазинът ви съобщава' })).toBeVisible();
  await expect(severeViolations(again)).resolves.toEqual([]);

  // A second browser of the same user shows it too.
  const work = await browser.newContext();
  const other = await work.newPage();
  await logInInBrowser(other, account.email, account.firstname);
  await openStore(other);
  await expect(notices(other).getByText(REFUSAL)).toBeVisible();

  // Acknowledged on one, gone on both (the other hears it live), and it stays gone.
  await notice.getByRole('button', { name: `Разбрах: ${REFUSAL}` }).click();
  await expect(notices(again)).toHaveCount(0);
  await expect(notices(other)).toHaveCount(0);
  await other.reload();
  await openStore(other);
  await expect(notices(other)).toHaveCount(0);

  await home.close();
  await work.close();
});
