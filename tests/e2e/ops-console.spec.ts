import { v7 as uuidv7 } from 'uuid';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { createAccount, PASSWORD, uniqueEmail } from './account-helpers.ts';
import { startOwnServer, stopOwnServer } from './own-server.ts';

/**
 * The operator console (issue 30) in Chromium, on a store of this spec's own (its first admin is made by SQL, as
 * `npm run ops -- grant` does): an admin grants `support` to a colleague in the console; a `viewer` sees a command's
 * retry disabled with the reason, and the API refuses it; a moderator approves an ad by keyboard and a guest finds
 * it in the public store; a shopper's account gets "not an operator".
 */
let server: RunningServer;
let db: Database;
let api: APIRequestContext;

const tokenOf = async (email: string): Promise<string> => {
  const login = await api.post('/api/user/login', { data: { username: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()).result as string;
};

/** A new account with `role` (made by SQL, as the grant command does), and its e-mail. */
const accountWith = async (label: string, role: string | null): Promise<string> => {
  const email = uniqueEmail(label);
  await createAccount(api, { firstname: 'Оля', lastname: 'Петрова', email });
  if (role) await db.query('UPDATE users SET role = $2 WHERE email = $1', [email, role]);
  return email;
};

/** Opens the console in a fresh context (a desktop's width) and logs in on its own form. */
const consoleAs = async (browser: Browser, email: string, path = '/ops/'): Promise<Page> => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Вход за оператори' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Имейл').fill(email);
  await page.getByLabel('Парола').fill(PASSWORD);
  await page.getByRole('button', { name: 'Вход', exact: true }).click();
  return page;
};

test.describe('the operator console', () => {
  test.beforeAll(async () => {
    ({ db, server, api } = await startOwnServer());
  });

  test.afterAll(() => stopOwnServer({ db, server, api }));

  test('an admin grants support to a colleague, who then sees the console as support', async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await accountWith('ops-admin', 'admin');
    const colleague = await accountWith('ops-colleague', null);

    const page = await consoleAs(browser, admin, '/ops/operators');
    await expect(page.getByTestId('ops-who')).toContainText(`${admin} · администратор`);
    await expect(page.getByRole('heading', { name: 'Оператори' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Дай роля' });
    await form.getByLabel('Имейл').fill(colleague);
    await form.getByLabel('Роля').selectOption('support');
    await form.getByRole('button', { name: 'Дай роля' }).click();
    await expect(page.getByTestId('ops-operators').getByRole('row', { name: colleague })).toContainText('поддръжка');

    // The grant is in the audit log, with who made it.
    await page.getByRole('link', { name: 'Одит' }).click();
    await expect(page.getByTestId('ops-audit')).toContainText(colleague);
    await expect(page.getByTestId('ops-audit')).toContainText(admin);

    const theirs = await consoleAs(browser, colleague);
    await expect(theirs.getByTestId('ops-who')).toContainText(`${colleague} · поддръжка`);
    await expect(theirs.getByRole('heading', { name: 'Команди' })).toBeVisible();
    // Support cannot grant roles: the button says why it is off.
    await theirs.getByRole('link', { name: 'Оператори' }).click();
    const grant = theirs.getByRole('button', { name: 'Дай роля' });
    await expect(grant).toBeDisabled();
    await expect(theirs.getByText('Нужна е роля „администратор“')).toBeVisible();
  });

  test("a viewer finds a shopper's command by e-mail, reads its timeline, and sees its retry disabled and refused", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // A shopper's command, pushed through the sync API as a device does.
    const shopper = await accountWith('ops-shopper', null);
    const shopperToken = await tokenOf(shopper);
    const headers = { authorization: `Bearer ${shopperToken}` };
    const owner = (await (await api.get('/api/user/me', { headers })).json()).result.id as string;
    const command = {
      id: uuidv7(),
      type: 'wishlist.remove',
      payload: { sku: 'MU773ZD/A' },
      owner,
      clientId: `client-e2e-${uuidv7()}`,
      seq: 1,
      createdAt: Date.now(),
    };
    const pushed = await api.post('/sync/commands/push', {
      headers,
      data: { rows: [{ newDocumentState: { ...command, status: 'pending', serverSeq: 0 } }] },
    });
    expect(pushed.status()).toBe(200);
    const viewer = await accountWith('ops-viewer', 'viewer');

    const page = await consoleAs(browser, viewer);
    await expect(page.getByTestId('ops-who')).toContainText('наблюдател');
    // Found by the shopper's e-mail; the filter lives in the URL.
    await page.getByLabel('Търсене по id, поръчка или имейл').fill(shopper);
    await page.getByRole('button', { name: 'Приложи' }).click();
    await expect(page).toHaveURL(/q=/);
    const row = page.getByTestId('ops-row').filter({ hasText: 'wishlist.remove' });
    await expect(row).toHaveCount(1);
    await row.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: `Команда ${command.id}` })).toBeVisible();
    await expect(page.getByTestId('ops-timeline')).toContainText('Приета от сървъра');

    // A viewer reads, and may not retry: the button is off and says why; the API refuses it too.
    await expect(page.getByTestId('ops-retry')).toBeDisabled();
    await expect(page.getByText('Нужна е роля „поддръжка“').first()).toBeVisible();
    const refused = await api.post(`/api/ops/commands/${command.id}/retry`, {
      headers: { authorization: `Bearer ${await tokenOf(viewer)}` },
      data: { dryRun: true },
    });
    expect(refused.status()).toBe(403);
    // The shopper's own token gets nothing under the console's API.
    const mine = await api.get('/api/ops/commands', { headers: { authorization: `Bearer ${shopperToken}` } });
    expect(mine.status()).toBe(403);
  });

  test('a moderator approves an ad by keyboard, and a guest finds it in the store', async ({ browser }) => {
    test.setTimeout(120_000);
    const seller = await accountWith('ops-seller', null);
    const id = crypto.randomUUID();
    const title = `iPad Air за модерация ${Date.now().toString(36)}`;
    const saved = await api.post('/api/sell/save', {
      headers: { authorization: `Bearer ${await tokenOf(seller)}` },
      data: {
        ad: {
          id,
          title,
          description: 'Работи отлично, батерията държи цял ден.',
          category: 'ipad',
          condition: 'good',
          price: { kind: 'negotiable' },
          city: 'Варна',
          photos: [],
          contact: { name: 'Оля Петрова', phone: '0899 111 222' },
        },
      },
    });
    expect(saved.status()).toBe(200);

    const moderator = await accountWith('ops-moderator', 'moderator');
    const page = await consoleAs(browser, moderator, '/ops/queues');
    const item = page.getByTestId('ops-queue-item').filter({ hasText: title });
    await expect(item).toBeVisible({ timeout: 30_000 });
    await item.focus();
    // j / k move the cursor; `a` approves the item under it.
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await item.focus();
    await page.keyboard.press('a');
    await expect(item).toHaveCount(0);

    const guest = await browser.newContext({ baseURL: server.url });
    const store = await guest.newPage();
    await store.goto(`/posts/view/${id}`);
    await expect(store.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
  });

  test('a moderator approves a review by keyboard, and the product shows it', async ({ browser }) => {
    test.setTimeout(120_000);
    const writer = await accountWith('ops-reviewer', null);
    const headers = { authorization: `Bearer ${await tokenOf(writer)}` };
    const owner = (await (await api.get('/api/user/me', { headers })).json()).result.id as string;
    const [product] = await db.query<{ sku: string; id: string }>(
      'SELECT sku, id::text AS id FROM catalog_products ORDER BY sku LIMIT 1',
    );
    expect(product).toBeDefined();
    const title = `Чудесен звук ${Date.now().toString(36)}`;
    const review = {
      id: uuidv7(),
      type: 'review.create',
      payload: {
        sku: product!.sku,
        rating: 5,
        title,
        text: 'Звукът е чист, батерията държи цял ден.',
        nickname: 'Оля',
      },
      owner,
      clientId: `client-e2e-${uuidv7()}`,
      seq: 1,
      createdAt: Date.now(),
    };
    const pushed = await api.post('/sync/commands/push', {
      headers,
      data: { rows: [{ newDocumentState: { ...review, status: 'pending', serverSeq: 0 } }] },
    });
    expect(pushed.status()).toBe(200);

    const moderator = await accountWith('ops-review-moderator', 'moderator');
    const page = await consoleAs(browser, moderator, '/ops/queues?kind=reviews');
    const item = page.getByTestId('ops-queue-item').filter({ hasText: title });
    await expect(item).toBeVisible({ timeout: 30_000 });
    await item.focus();
    await page.keyboard.press('a');
    await expect(item).toHaveCount(0);

    await expect(async () => {
      const listed = await api.get(`/api/review/list?product_id=${product!.id}`);
      expect(JSON.stringify(await listed.json())).toContain(title);
    }).toPass({ timeout: 15_000 });
  });

  test("a shopper's account opens the console to a 'not an operator' page", async ({ browser }) => {
    const shopper = await accountWith('ops-not-operator', null);
    const page = await consoleAs(browser, shopper);
    await expect(page.getByRole('heading', { name: 'Нямате достъп до конзолата' })).toBeVisible();
    await expect(page.getByText(shopper)).toBeVisible();
  });
});
