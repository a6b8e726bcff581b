import { expect, test, type Page } from '@playwright/test';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import { setStock } from '../../sync-server/catalog/stock-changes.ts';
import { startServer, type RunningServer } from '../../sync-server/server.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';
import {
  configurableIphone,
  emptySnapshot,
  EXPIRED_SALE_CHILD,
  ON_SALE_CHILD,
} from '../integration/catalog-fixtures.ts';
import {
  AIRPODS,
  IPHONE_PATH,
  MACBOOK_AIR,
  addButton,
  addFromProductPage,
  badge,
  identityReady,
  openCartFromHeader,
  openStore,
} from './helpers.ts';

/**
 * Issue 16, the cart completed, in Chromium: a coupon applied on /cart (and an incorrect one refused in words), the
 * totals in euro first, the 'Product has been added to the cart!' notice leading to the checkout, removing a line
 * only after a confirmation, and a line whose stock runs out flagged and not counted (spec Cart step 7).
 */

const line = (page: Page, sku: string) => page.locator(`[data-testid="cart-line"][data-sku="${sku}"]`);
const goToCart = async (page: Page) => {
  await openCartFromHeader(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Вашата количка' })).toBeVisible();
};

test('a coupon applied on /cart takes 10% off the euro total; an incorrect one is refused in words', async ({
  page,
}) => {
  await openStore(page);
  await addButton(page, AIRPODS).click();
  await expect(badge(page)).toHaveText('1');
  await goToCart(page);
  // 499,00 лв. is 255,13 € (per unit, half-up): the euro figure first, the lev one beside it.
  const grand = page.getByTestId('cart-total-grand_total');
  await expect(grand.locator('.price__primary')).toHaveText(/255,13\s€/);
  await expect(grand.locator('.price__secondary')).toContainText('лв.');

  const field = page.getByLabel('Код за отстъпка');
  await field.fill('NOPE');
  await page.getByRole('button', { name: 'Приложи' }).click();
  await expect(page.getByTestId('coupon-error')).toHaveText(
    'Въведеният код за отстъпка е невалиден. Моля, опитайте отново.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill('newsletter10');
  await page.getByRole('button', { name: 'Приложи' }).click();
  await expect(page.getByTestId('cart-coupon')).toContainText('NEWSLETTER10');
  // 10% of 255,13 € is 25,51 €: 229,62 € to pay.
  await expect(page.getByTestId('cart-total-discount').locator('.price__primary')).toHaveText(/25,51\s€/);
  await expect(grand.locator('.price__primary')).toHaveText(/229,62\s€/);

  await page.getByRole('button', { name: 'Премахни кода' }).click();
  await expect(page.getByTestId('cart-total-discount')).toHaveCount(0);
  await expect(grand.locator('.price__primary')).toHaveText(/255,13\s€/);
});

test('"Product has been added to the cart!" offers "Proceed to checkout", which opens /checkout', async ({ page }) => {
  await openStore(page);
  await addButton(page, AIRPODS).click();
  const added = page.getByTestId('notification').filter({ hasText: 'Продуктът е добавен в количката!' });
  await expect(added).toBeVisible();
  const proceed = added.getByRole('link', { name: 'Продължи към поръчката' });
  await expect(proceed).toHaveAttribute('href', '/checkout');
  await proceed.click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('removing a line asks first: cancelled, it stays; confirmed, it goes and the minicart counts quantities', async ({
  page,
}) => {
  await openStore(page);
  await addButton(page, AIRPODS).click();
  await addButton(page, AIRPODS).click();
  await addButton(page, MACBOOK_AIR).click();
  // The minicart counts quantities, not lines.
  await expect(badge(page)).toHaveText('3');
  await goToCart(page);
  const airpods = line(page, AIRPODS);
  await airpods.getByRole('button', { name: /^Премахни/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Да премахнем ли „AirPods Pro 3“ от количката?');
  await dialog.getByRole('button', { name: 'Отказ' }).click();
  await expect(airpods).toBeVisible();
  await expect(badge(page)).toHaveText('3');
  await airpods.getByRole('button', { name: /^Премахни/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Премахни' }).click();
  await expect(airpods).toHaveCount(0);
  await expect(badge(page)).toHaveText('1');
});

test.describe('a server of the test’s own: stock and variants', () => {
  // A server of this test's own, in this process: the test changes a stock figure in its store, as an order or the
  // stock service would, and watches the page (the suite's shared server offers no call that sets stock).
  let server: RunningServer;
  test.beforeAll(async () => {
    const db = await openDatabase({});
    server = await startServer({
      PORT: 0,
      HOST: '127.0.0.1',
      EXECUTOR: 'on',
      SEED: 'demo',
      STATIC_DIR: process.env.E2E_DIST ?? 'dist',
      db,
    });
    // A configurable iPhone: IP17P-256-SLV (disk 256) and IP17P-512-BLU (disk 512).
    await writeCatalog(db, { ...emptySnapshot(), products: [configurableIphone()] });
    await server.search.catchUp();
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('a line whose stock runs out is flagged with the spec’s message and not counted; back in stock, counted', async ({
    page,
  }) => {
    await page.goto(`${server.url}/`);
    await expect(addButton(page, AIRPODS)).toBeEnabled({ timeout: 30_000 });
    await identityReady(page);
    await addButton(page, AIRPODS).click();
    await addFromProductPage(page, IPHONE_PATH);
    await expect(badge(page)).toHaveText('2');
    await goToCart(page);
    const airpods = line(page, AIRPODS);
    await expect(airpods).toBeVisible();
    await expect(page.getByTestId('cart-pending')).toHaveCount(0, { timeout: 30_000 });

    await server.db.transaction((tx) => setStock(tx, AIRPODS, 0));
    await expect(airpods).toHaveAttribute('data-out-of-stock', 'true', { timeout: 15_000 });
    await expect(airpods.getByTestId('cart-line-out-of-stock')).toContainText(
      'Продуктът е изчерпан и не може да бъде добавен в количката!',
    );
    // Kept, not counted: the total is the iPhone's alone (1 899,00 лв. is 970,94 €), the minicart counts 1.
    await expect(page.getByTestId('cart-total-grand_total').locator('.price__primary')).toHaveText(/970,94\s€/);
    await expect(badge(page)).toHaveText('1');

    await server.db.transaction((tx) => setStock(tx, AIRPODS, 10));
    await expect(airpods).not.toHaveAttribute('data-out-of-stock', 'true', { timeout: 15_000 });
    await expect(badge(page)).toHaveText('2');
  });

  test('another storage from the cart: the line becomes that variant; with that variant already there, they merge', async ({
    page,
  }) => {
    await page.goto(`${server.url}/test-ip17p-IP17P`);
    const product = page.getByTestId('product-page');
    await expect(product.getByTestId('product-sku')).toHaveText(`Код: ${ON_SALE_CHILD}`, { timeout: 30_000 });
    const add = product.getByRole('button', { name: 'Добави в количката' });
    await expect(add).toBeEnabled({ timeout: 30_000 });
    await add.click();
    await expect(badge(page)).toHaveText('1');
    await goToCart(page);
    const storage = page.getByTestId('cart-line-variant-disk');
    await expect(storage).toHaveValue('256');
    await storage.selectOption('512');
    await expect(line(page, EXPIRED_SALE_CHILD)).toBeVisible();
    await expect(line(page, ON_SALE_CHILD)).toHaveCount(0);
    await expect(page.getByTestId('cart-pending')).toHaveCount(0, { timeout: 30_000 });

    // The 256 GB one again, then moved to 512 GB, which the cart holds: one line of 2, never two lines.
    await page.goto(`${server.url}/test-ip17p-IP17P`);
    await expect(add).toBeEnabled({ timeout: 30_000 });
    await add.click();
    await expect(badge(page)).toHaveText('2');
    await goToCart(page);
    await line(page, ON_SALE_CHILD).getByTestId('cart-line-variant-disk').selectOption('512');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(line(page, EXPIRED_SALE_CHILD).getByTestId('cart-line-qty')).toHaveText('2');
    await expect(page.getByTestId('cart-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
  });
});
