import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AIRPODS, addButton, badge, identityReady, openStore, syncMode, syncWaiting } from './helpers.ts';

// No service worker: this is the first visit's first seconds, before the worker holds the app's files.
test.use({ serviceWorkers: 'block' });

const LASTING_NOTICES_CHUNK = /\/assets\/lasting-notices-[\w-]+\.js$/;

/**
 * Opens home with the connection cut at the moment the page first asks for the chunk `file` matches: that request
 * fails as offline, any later one goes through. Resolves once the cut has happened.
 */
async function openCutOffAt(page: Page, context: BrowserContext, file: RegExp): Promise<void> {
  let cutOff = false;
  await page.route(file, async (route) => {
    if (cutOff) return route.continue();
    cutOff = true;
    await context.setOffline(true);
    return route.abort('internetdisconnected');
  });
  await page.goto('/');
  await expect.poll(() => cutOff, { timeout: 30_000 }).toBe(true);
}

/**
 * The connection drops while the app's later parts (here the lasting notices' chunk, asked for once the local store
 * has started) are still on their way. The page goes on working offline, and the part arrives when the connection
 * is back (client/lib/import-when-reachable.ts); before, the failed import took the page down with a React error.
 */
test('a first visit cut off before the app’s later parts arrived keeps working, and gets them back online', async ({
  page,
  context,
}) => {
  await openCutOffAt(page, context, LASTING_NOTICES_CHUNK);
  await expect(syncMode(page)).toHaveText('Офлайн');

  // Kept on the device (the badge follows once the device's catalogue holds the product: the second test).
  await addButton(page, AIRPODS).click();
  await expect(syncWaiting(page)).toHaveText('1 чакащ');

  const chunkAgain = page.waitForResponse(LASTING_NOTICES_CHUNK);
  await context.setOffline(false);
  expect((await chunkAgain).ok()).toBe(true);
  await expect(syncWaiting(page)).toHaveText('0 чакащи', { timeout: 30_000 });
  await expect(badge(page)).toHaveText('1');
});

/**
 * The connection drops after the home has shown the server's products but before the device's catalogue has come
 * (its first pull is held back here): the products stay, and one added to the cart offline is kept until back.
 */
test('offline before the catalogue reached the device, the home keeps the products it showed', async ({
  page,
  context,
}) => {
  await page.route(/\/sync\/products\/pull/, (route) => route.abort('internetdisconnected'));
  await openStore(page);

  await context.setOffline(true);
  await expect(syncMode(page)).toHaveText('Офлайн');
  await expect(page.getByText('Все още няма синхронизирани продукти')).toHaveCount(0);
  // The device cannot price a product it does not hold yet: the tap is kept and says so, and lands when back.
  await addButton(page, AIRPODS).click();
  await expect(syncWaiting(page)).toHaveText('1 чакащ');
  await expect(page.getByTestId('notification').filter({ hasText: 'Запазено на устройството' })).toBeVisible();

  await page.unroute(/\/sync\/products\/pull/);
  await context.setOffline(false);
  await expect(syncWaiting(page)).toHaveText('0 чакащи', { timeout: 30_000 });
  await expect(badge(page)).toHaveText('1');
});

/**
 * The connection drops before the local store's code has arrived (it is asked for after the first paint): the header
 * says offline, not "connecting", and the store starts when the connection is back.
 */
test('offline before the local store’s code arrived, the header says so and the store starts when back', async ({
  page,
  context,
}) => {
  await openCutOffAt(page, context, /\/assets\/browser-store-client-[\w-]+\.js$/);
  await expect(syncMode(page)).toHaveText('Офлайн');
  await expect(addButton(page, AIRPODS)).toBeVisible();

  await context.setOffline(false);
  await identityReady(page);
  await expect(syncMode(page)).toHaveText('Онлайн', { timeout: 30_000 });
  await addButton(page, AIRPODS).click();
  await expect(badge(page)).toHaveText('1');
});

/**
 * A lazy view's stylesheet (vite.config.ts, LAZY_STYLE_AREAS) fails to load: the connection drops as the mini-cart's
 * rules are asked for. The view waits (client/lib/import-when-reachable.ts), and once the connection is back its rules
 * are asked for again and it is drawn with them: Vite's helper, as built (retryFailedStylesheets), does not take the
 * failed stylesheet for loaded.
 */
test('a view whose stylesheet failed offline gets its rules when the connection is back', async ({ page, context }) => {
  await openStore(page);
  const stylesheet = /\/assets\/cart-styles-[\w-]+\.css$/;
  let cutOff = false;
  await page.route(stylesheet, async (route) => {
    if (cutOff) return route.continue();
    cutOff = true;
    await context.setOffline(true);
    return route.abort('internetdisconnected');
  });
  await page.getByRole('link', { name: /^Количка/ }).click();
  await expect.poll(() => cutOff, { timeout: 30_000 }).toBe(true);
  const panel = page.getByRole('dialog', { name: 'Вашата количка' });
  await expect(panel).toHaveCount(0);

  const again = page.waitForResponse(stylesheet);
  await context.setOffline(false);
  expect((await again).ok()).toBe(true);
  await expect(panel).toBeVisible({ timeout: 30_000 });
  // Drawn with its rules: a full-height sheet as wide as the phone (without them, the 380 px box of any dialog).
  const box = await panel.boundingBox();
  expect(Math.round(box!.width)).toBe(page.viewportSize()!.width);
  // One link to the stylesheet, the one that loaded: the failed one is gone.
  const links = page.locator('link[rel="stylesheet"][href*="/assets/cart-styles-"]');
  await expect(links).toHaveCount(1);
  expect(await links.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
});
