import { expect, test, type Page } from '@playwright/test';
import { IPHONE, OUT_OF_STOCK, badge, openStore } from './helpers.ts';
import { serveProducts, testPhone, testVariant } from './served-products.ts';

/**
 * The product page at '/{slug}-{sku}' (spec sections 2 and 4). The demo catalogue has no configurable product: the
 * variant selectors are tested below on one served by the product route. Options, bundles and grouped products are
 * in product-options.spec.ts; the gallery, recently viewed and the rest in product-gallery.spec.ts.
 */
const IPHONE_PATH = `/iphone-17-256-${IPHONE}`;

test('a product path shows the product, and Add to cart puts it in the cart', async ({ page }) => {
  await openStore(page, IPHONE_PATH);
  const product = page.getByTestId('product-page');
  await expect(page.getByRole('heading', { level: 1, name: 'iPhone 17, 256 GB, черен' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(product.getByTestId('product-price')).toContainText('лв.');
  await expect(product.getByTestId('product-price')).toContainText('€');
  await expect(product.getByTestId('product-availability')).toHaveText('Наличен');
  await expect(product.getByTestId('product-sku')).toHaveText(`Код: ${IPHONE}`);
  const breadcrumbs = page.getByRole('navigation', { name: 'Навигационна пътека' });
  await expect(breadcrumbs.getByRole('link', { name: 'Начало' })).toBeVisible();
  await expect(breadcrumbs.getByRole('link', { name: 'iPhone' })).toHaveAttribute('href', '/iphone');
  await expect(page).toHaveTitle('iPhone 17, 256 GB, черен | Apple Store България');

  const add = product.getByRole('button', { name: 'Добави в количката' });
  await expect(add).toBeEnabled({ timeout: 30_000 });
  await add.click();
  await expect(badge(page)).toHaveText('1');
});

test('Add to cart tapped before the device has its cart identity survives a reload, and lands once the identity comes', async ({
  page,
}) => {
  // A first visit whose guest identity cannot be had yet (the server's answer is held back).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/cart/create', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(IPHONE_PATH);
  const add = page.getByTestId('product-page').getByRole('button', { name: 'Добави в количката' });
  // The button works at once; it used to stay disabled, with a hint, until the identity came.
  await expect(add).toBeEnabled({ timeout: 30_000 });
  await add.click();
  // The tap is on the device at once: in the cart (the catalogue comes without the identity), waiting to be sent.
  const sync = page.getByTestId('sync-state');
  await expect(sync).toHaveAttribute('data-waiting', '1', { timeout: 30_000 });
  await expect(badge(page)).toHaveText('1', { timeout: 30_000 });
  await expect(sync).toHaveAttribute('data-identity', 'pending');
  // The shopper reloads before the identity has come: the tap is still there.
  await page.reload();
  await expect(sync).toHaveAttribute('data-waiting', '1', { timeout: 30_000 });
  await expect(badge(page)).toHaveText('1', { timeout: 30_000 });
  release();
  await expect(sync).toHaveAttribute('data-identity', 'ready', { timeout: 30_000 });
  await expect(sync).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
  await expect(badge(page)).toHaveText('1', { timeout: 30_000 });
  // The server took it (a refused add would leave the cart empty once its outcome came back).
  await page.reload();
  await expect(badge(page)).toHaveText('1', { timeout: 30_000 });
});

test('a non-canonical product path redirects to /{slug}-{sku}; an unknown one is not found', async ({ page }) => {
  await openStore(page, `/iphone-17-256_${IPHONE}`);
  await expect(page).toHaveURL(new RegExp(`${IPHONE_PATH}$`), { timeout: 30_000 });
  await expect(page.getByTestId('product-page')).toBeVisible();

  await openStore(page, '/no-such-product-NOPE123');
  await expect(page.getByRole('heading', { level: 1, name: 'Страницата не е намерена' })).toBeVisible({
    timeout: 30_000,
  });
});

test('an out-of-stock product cannot be added; the quantity must be a whole number of at least 1', async ({ page }) => {
  await openStore(page, `/magic-keyboard-touch-id-bg-${OUT_OF_STOCK}`);
  const product = page.getByTestId('product-page');
  await expect(product.getByTestId('product-availability')).toHaveText('Не е наличен', { timeout: 30_000 });
  await expect(product.getByRole('button', { name: 'Не може да се поръча' })).toBeDisabled();

  await openStore(page, IPHONE_PATH);
  const qty = page.getByLabel('Количество');
  await qty.fill('0');
  await expect(page.getByTestId('product-page').getByRole('alert')).toContainText('цяло число');
  await expect(page.getByRole('button', { name: 'Добави в количката' })).toBeDisabled();
  await qty.fill('2');
  await expect(page.getByRole('button', { name: 'Добави в количката' })).toBeEnabled({ timeout: 30_000 });
});

/** A configurable product the demo catalogue lacks, served for one sku by the server's product route. */
const CONFIGURABLE_SKU = 'E2E-CFG-PHONE';
const child = (sku: string, cvyat: string, disk: string, priceInclTax: number) =>
  testVariant(sku, { cvyat, disk }, priceInclTax);
const configurableProduct = {
  ...testPhone(
    9001,
    CONFIGURABLE_SKU,
    [
      {
        attribute_id: 1,
        attribute_code: 'cvyat',
        label: 'Цвят',
        position: 0,
        values: [
          { value_index: '1', label: 'Черен' },
          { value_index: '3', label: 'Оранжев' },
        ],
      },
      {
        attribute_id: 2,
        attribute_code: 'disk',
        label: 'Диск',
        position: 1,
        values: [
          { value_index: '256', label: '256 GB' },
          { value_index: '512', label: '512 GB' },
        ],
      },
    ],
    // No orange 256 GB: choosing it is the impossible combination.
    [
      child('E2E-CFG-BLK-256', '1', '256', 120_000),
      child('E2E-CFG-BLK-512', '1', '512', 150_000),
      child('E2E-CFG-ORG-512', '3', '512', 160_000),
    ],
  ),
  stock: { is_in_stock: true, qty: 15 },
};

test('a configurable product: a variant is chosen, an impossible combination is refused and undone', async ({
  page,
}) => {
  await serveProducts(page, [configurableProduct]);
  await openStore(page, `/testov-telefon-${CONFIGURABLE_SKU}`);
  const product = page.getByTestId('product-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Тестов телефон' })).toBeVisible({ timeout: 30_000 });
  const option = (code: string, label: string) =>
    product.locator(`[data-option="${code}"]`).getByRole('button', { name: label });
  await expect(option('cvyat', 'Черен')).toHaveAttribute('aria-pressed', 'true');
  await expect(option('disk', '256 GB')).toHaveAttribute('aria-pressed', 'true');
  await expect(product.getByTestId('product-sku')).toHaveText('Код: E2E-CFG-BLK-256');

  await option('cvyat', 'Оранжев').click();
  await expect(page.getByTestId('notification')).toContainText(
    'Няма такава конфигурация на продукта. Моля, изберете друга комбинация от характеристики.',
  );
  await expect(option('cvyat', 'Черен')).toHaveAttribute('aria-pressed', 'true');
  await expect(option('cvyat', 'Оранжев')).toHaveAttribute('aria-pressed', 'false');
  await expect(product.getByTestId('product-sku')).toHaveText('Код: E2E-CFG-BLK-256');

  await option('disk', '512 GB').click();
  await expect(product.getByTestId('product-sku')).toHaveText('Код: E2E-CFG-BLK-512');
  await option('cvyat', 'Оранжев').click();
  await expect(product.getByTestId('product-sku')).toHaveText('Код: E2E-CFG-ORG-512');
  await expect(option('cvyat', 'Оранжев')).toHaveAttribute('aria-pressed', 'true');
  await expect(product.getByTestId('product-price')).toContainText(/1\s?600/);
});

test('a product the fetch rejects (not visible on its own) shows the out-of-stock notice and leaves', async ({
  page,
}) => {
  const hidden = { ...configurableProduct, sku: 'E2E-HIDDEN', visibility: 1 };
  await serveProducts(page, [hidden]);
  await openStore(page, '/');
  await openStore(page, '/testov-telefon-E2E-HIDDEN');
  await expect(page.getByTestId('notification')).toContainText(
    'Продуктът е изчерпан и не може да бъде добавен в количката!',
    { timeout: 30_000 },
  );
  await expect(page).toHaveURL(/\/$/);
});

test('a chosen variant has its own address: the address follows the choice, and a shared link opens that variant', async ({
  page,
}) => {
  await serveProducts(page, [configurableProduct]);
  await openStore(page, `/testov-telefon-${CONFIGURABLE_SKU}`);
  const product = page.getByTestId('product-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Тестов телефон' })).toBeVisible({ timeout: 30_000 });
  const optionOf = (on: Page, code: string, label: string) =>
    on.getByTestId('product-page').locator(`[data-option="${code}"]`).getByRole('button', { name: label });
  await expect(product.getByTestId('product-sku')).toHaveText('Код: E2E-CFG-BLK-256');

  // The shopper chooses 512 GB, then orange: the address names the variant, replaced (not pushed) each time, so
  // the Back button leaves the product rather than undoing choices.
  const entries = await page.evaluate(() => history.length);
  await optionOf(page, 'disk', '512 GB').click();
  await expect(page).toHaveURL(new RegExp(`/testov-telefon-${CONFIGURABLE_SKU}\\?childSku=E2E-CFG-BLK-512$`));
  await optionOf(page, 'cvyat', 'Оранжев').click();
  await expect(product.getByTestId('product-sku')).toHaveText('Код: E2E-CFG-ORG-512');
  await expect(page).toHaveURL(new RegExp(`/testov-telefon-${CONFIGURABLE_SKU}\\?childSku=E2E-CFG-ORG-512$`));
  expect(await page.evaluate(() => history.length)).toBe(entries);
  const shared = page.url();

  // The link, opened in a new page (a friend's), shows the orange 512 GB: its code, price and chosen options.
  const friend = await page.context().newPage();
  await serveProducts(friend, [configurableProduct]);
  await friend.goto(shared);
  const opened = friend.getByTestId('product-page');
  await expect(opened.getByTestId('product-sku')).toHaveText('Код: E2E-CFG-ORG-512', { timeout: 30_000 });
  await expect(opened.getByTestId('product-price')).toContainText(/1\s?600/);
  await expect(optionOf(friend, 'cvyat', 'Оранжев')).toHaveAttribute('aria-pressed', 'true');
  await expect(optionOf(friend, 'disk', '512 GB')).toHaveAttribute('aria-pressed', 'true');
  await expect(optionOf(friend, 'cvyat', 'Черен')).toHaveAttribute('aria-pressed', 'false');
  await friend.close();
});

test("a variant's own address (the variant stored as a product too) opens its configurable product with it chosen", async ({
  page,
}) => {
  // As the generated catalogue stores each variant: a simple product, not visible on its own, naming its parent.
  const variant = {
    ...configurableProduct,
    id: 9002,
    sku: 'E2E-CFG-ORG-512',
    parentSku: CONFIGURABLE_SKU,
    name: 'Тестов телефон, 512 GB, оранжев',
    slug: 'testov-telefon-512-gb-oranzhev',
    url_key: 'testov-telefon-512-gb-oranzhev',
    type_id: 'simple',
    visibility: 1,
    configurable_options: [],
    configurable_children: [],
  };
  await serveProducts(page, [configurableProduct, variant]);
  await openStore(page, '/testov-telefon-512-gb-oranzhev-E2E-CFG-ORG-512');
  await expect(page).toHaveURL(new RegExp(`/testov-telefon-${CONFIGURABLE_SKU}\\?childSku=E2E-CFG-ORG-512$`), {
    timeout: 30_000,
  });
  const product = page.getByTestId('product-page');
  await expect(product.getByTestId('product-sku')).toHaveText('Код: E2E-CFG-ORG-512', { timeout: 30_000 });
  await expect(product.locator('[data-option="cvyat"]').getByRole('button', { name: 'Оранжев' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
