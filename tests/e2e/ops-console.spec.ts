import { v7 as uuidv7 } from 'uuid';
import { devices, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { createAccount, logInInBrowser, PASSWORD, uniqueEmail } from './account-helpers.ts';
import { IPHONE, openStore } from './helpers.ts';
import { startOwnServer, stopOwnServer } from './own-server.ts';

/**
 * The operator console (issue 30) in Chromium, on a store of this spec's own (its first admin is made by SQL, as
 * `npm run ops -- grant` does): an admin grants `support` to a colleague in the console; support finds a shopper's
 * command that really failed on the server, follows it across the shopper's two open devices, dry-runs and retries
 * it, and both devices show the result without a reload; a `viewer` sees a command's retry disabled with the reason,
 * and the API refuses it; a moderator approves an ad by keyboard and a guest finds it in the public store; a
 * shopper's account gets "not an operator".
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

const IPHONE_NAME = 'iPhone 17, 256 GB, черен';

const wishlistItem = (page: Page, sku: string) => page.locator(`[data-testid="wishlist-item"][data-sku="${sku}"]`);

/** What a shopper's device says of a command the store could not process (a lasting notice, on every device). */
const COULD_NOT_PROCESS = 'Магазинът не успя да обработи заявката. Моля, опитайте отново.';

/**
 * The command page, opened again until its timeline says every one of `texts`: a device's delivery is recorded just
 * after it happens (sync-server/ops/device-activity.ts), so an operator who looks at once may have to look again.
 */
const timelineSays = (page: Page, texts: readonly (string | RegExp)[]): Promise<void> =>
  expect(async () => {
    await page.reload();
    for (const text of texts) await expect(page.getByTestId('ops-timeline')).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

/** The shopper's id, as the sync API knows it (the owner of its commands and read models). */
const ownerOf = async (email: string): Promise<string> => {
  const me = await api.get('/api/user/me', { headers: { authorization: `Bearer ${await tokenOf(email)}` } });
  return (await me.json()).result.id as string;
};

/**
 * A fault in the store, not a business refusal: every write of this owner's wishlist raises, as a full disk or a
 * broken constraint would. The executor keeps failing on the command that writes it, and sets it aside as a dead
 * letter. Removed by `removeWishlistFault` (the operator fixed the cause).
 */
const breakWishlistOf = async (owner: string): Promise<void> => {
  // The owner goes into the trigger's argument as a literal: only an id's characters are let in.
  expect(owner).toMatch(/^[\w-]+$/);
  await db.exec(`
    CREATE OR REPLACE FUNCTION e2e_wishlist_fault() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.owner = TG_ARGV[0] THEN RAISE EXCEPTION 'could not extend file: No space left on device'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER e2e_wishlist_fault BEFORE INSERT OR UPDATE ON wishlists
      FOR EACH ROW EXECUTE FUNCTION e2e_wishlist_fault('${owner}');`);
};

const removeWishlistFault = (): Promise<void> =>
  db.exec('DROP TRIGGER IF EXISTS e2e_wishlist_fault ON wishlists; DROP FUNCTION IF EXISTS e2e_wishlist_fault()');

/** A device of the shopper (its own browser profile) with the store open and the shopper logged in. */
const deviceOf = async (
  browser: Browser,
  email: string,
  options: Parameters<Browser['newContext']>[0],
): Promise<Page> => {
  const context = await browser.newContext({ ...options, baseURL: server.url, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await openStore(page);
  await logInInBrowser(page, email, 'Оля');
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

  test("support retries a shopper's failed command, and both of the shopper's devices show the result without a reload", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const shopper = await accountWith('ops-retry-shopper', null);
    const owner = await ownerOf(shopper);
    // The shopper's two devices: a phone on the catalogue, a laptop on the wishlist page. Each opens the store, logs
    // in and loads another page: two page loads each (two client ids), and still two devices.
    const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
    const phone = await deviceOf(browser, shopper, pixel);
    const laptop = await deviceOf(browser, shopper, { viewport: { width: 1280, height: 900 } });
    await laptop.goto('/wishlist');
    await expect(laptop.getByRole('heading', { level: 1, name: 'Желани продукти' })).toBeVisible();
    await expect(laptop.getByTestId('wishlist-item')).toHaveCount(0);
    await openStore(phone, '/iphone');
    const save = phone
      .locator(`[data-testid="listing-tile"][data-sku="${IPHONE}"]`)
      .getByRole('button', { name: `Запази в желани продукти: ${IPHONE_NAME}` });

    await breakWishlistOf(owner);
    try {
      await save.click();
      // The server could not process it: it is set aside as a dead letter for the staff.
      await expect
        .poll(
          async () =>
            (
              await db.query<{ status: string }>(
                "SELECT status FROM commands WHERE owner = $1 AND type = 'wishlist.add'",
                [owner],
              )
            ).map((c) => c.status),
          { timeout: 30_000 },
        )
        .toEqual(['failed']);
    } finally {
      // The operator fixed the cause.
      await removeWishlistFault();
    }
    // The shopper is told as of any refusal: the phone takes its save back, and both devices say the store could not
    // process the request.
    await expect(save).toHaveAttribute('aria-pressed', 'false', { timeout: 30_000 });
    for (const device of [phone, laptop]) {
      await expect(device.getByTestId('lasting-notices')).toContainText(COULD_NOT_PROCESS, { timeout: 30_000 });
    }
    await expect(laptop.getByTestId('wishlist-item')).toHaveCount(0);

    const colleague = await accountWith('ops-retry-support', 'support');
    const page = await consoleAs(browser, colleague);
    await expect(page.getByTestId('ops-who')).toContainText(`${colleague} · поддръжка`);
    await page.getByLabel('Търсене по id, поръчка или имейл').fill(shopper);
    await page.getByRole('button', { name: 'Приложи' }).click();
    const row = page.getByTestId('ops-row').filter({ hasText: 'wishlist.add' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('неуспешна');
    await row.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: /^Команда / })).toBeVisible();
    await expect(page.getByTestId('ops-command-status')).toHaveText('неуспешна');

    // The timeline follows the command from the phone (A) to both devices: its failure reached the phone, which made
    // it, and the laptop (B). Their earlier page loads are no devices of their own, waiting for it.
    const timeline = page.getByTestId('ops-timeline');
    await timelineSays(page, [
      /Създадена на A/,
      'Резултат: неуспешна internal_error',
      /Доставена на A [^—]+ — създалото я/,
      'Доставена на B',
    ]);
    await expect(timeline).not.toContainText('Още не е доставена');
    await expect(timeline).not.toContainText(' на C ');

    // A dry run first: what a retry would do, with nothing changed; only then the retry is offered.
    await expect(page.getByTestId('ops-retry')).toBeDisabled();
    await page.getByRole('button', { name: 'Проба (без промени)' }).click();
    const preview = page.getByTestId('ops-dry-run');
    await expect(preview).toContainText('успешна');
    await expect(preview).toContainText('The retry would succeed.');
    await expect(preview).toContainText('It would send no e-mail.');
    await expect(preview).toContainText('It would charge nothing.');
    await expect(page.getByTestId('ops-command-status')).toHaveText('неуспешна');
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('ops-retry').click();
    await expect(page.getByText('Командата е изпратена отново.')).toBeVisible();

    // Both devices show the saved product, neither reloaded: the retried outcome and the wishlist came by the stream.
    await expect(save).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
    await expect(wishlistItem(laptop, IPHONE).getByRole('link', { name: IPHONE_NAME })).toBeVisible({
      timeout: 30_000,
    });
    await expect(laptop.getByRole('link', { name: 'Желани 1' })).toBeVisible();
    // The request went through after all: neither device says any more that it could not be processed.
    for (const device of [phone, laptop]) await expect(device.getByText(COULD_NOT_PROCESS)).toHaveCount(0);

    // The console tells the same story: the command succeeded, and its new outcome reached both devices.
    await timelineSays(page, ['Резултат: успешна ok', /Доставена на A [^—]+ — създалото я/, 'Доставена на B']);
    await expect(page.getByTestId('ops-command-status')).toHaveText('успешна');
    await expect(timeline).not.toContainText('Още не е доставена');
    await expect(timeline).not.toContainText(' на C ');
    // The devices' live streams end here, not with the spec's store.
    await Promise.all([phone, laptop].map((device) => device.context().close()));
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
