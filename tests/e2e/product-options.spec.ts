import { expect, test, type Page } from '@playwright/test';
import { badge, openStore } from './helpers.ts';

/**
 * The product page's options (spec sections 4 and 5): custom options with the live price and the 'required' rule,
 * bundle options with their price and 'gtzero' rule, and a grouped product's members with their quantities; the
 * demo catalogue's own products (sync-server/catalog/demo-catalog.ts), and the cart charges what the page showed.
 */

/** Demo catalogue: 1 599 лв. (817,56 €); required band size (radio), AppleCare+ +198 лв. (checkbox), engraving +48 лв. (field). */
const WATCH_PATH = '/apple-watch-ultra-3-49-AWU3-49-TI';
const price = (page: Page) => page.getByTestId('product-page').getByTestId('product-price');
/** The price in the shop's primary currency (euro by default), as the page and the cart write it ("943,33 €"). */
const primaryPrice = async (page: Page): Promise<string> =>
  (await price(page).locator('.price__primary').first().textContent()) ?? '';
const cartLine = (page: Page, sku: string) => page.locator(`[data-testid="cart-line"][data-sku="${sku}"]`);
/** A line's unit price in the primary currency. */
const unitPrice = (page: Page, sku: string) => cartLine(page, sku).locator('.line__unit .price__primary');

test('a custom option changes the live price, a required one must be chosen, and the cart line costs what the page showed', async ({
  page,
}) => {
  await openStore(page, WATCH_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Apple Watch Ultra 3, 49 мм, титан' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(price(page)).toContainText(/817,56\s?€/);
  const add = page.getByRole('button', { name: 'Добави в количката' });
  await expect(add).toBeEnabled({ timeout: 30_000 });

  // The required band size is not chosen yet: the spec's message, and nothing is added.
  await add.click();
  const band = page.getByRole('group', { name: /Размер на каишката/ });
  await expect(band.getByRole('alert')).toHaveText('Полето е задължително.');
  await expect(page.getByTestId('product-error')).toContainText('Моля, изберете опциите на продукта');
  await expect(badge(page)).toHaveText('0');

  await page.getByRole('checkbox', { name: /AppleCare\+/ }).check();
  await expect(price(page)).toContainText(/918,79\s?€/);
  await page.getByLabel(/Гравиране/).fill('За Мария');
  await expect(price(page)).toContainText(/943,33\s?€/);
  await page.getByLabel(/Зарядно устройство/).selectOption('42');
  await expect(price(page)).toContainText(/958,67\s?€/);
  await page.getByLabel(/Зарядно устройство/).selectOption('41');
  await expect(price(page)).toContainText(/943,33\s?€/);
  await band.getByRole('radio', { name: 'M' }).check();
  await expect(band.getByRole('alert')).toHaveCount(0);

  const shown = await primaryPrice(page);
  // Euro first (1 845,00 лв. is 943,33 €), leva beside it.
  expect(shown).toMatch(/943,33/);

  await add.click();
  await expect(badge(page)).toHaveText('1');
  await page.goto('/cart');
  const line = cartLine(page, 'AWU3-49-TI');
  await expect(line).toContainText('Размер на каишката', { timeout: 30_000 });
  await expect(line).toContainText('AppleCare+ за 2 години');
  await expect(line).toContainText('За Мария');
  await expect(page.getByTestId('cart-pending')).toHaveCount(0, { timeout: 30_000 });
  // The server's price, once it has executed the add: what the page showed.
  await expect(unitPrice(page, 'AWU3-49-TI')).toHaveText(shown);
});

/** Demo bundle: computer (MacBook Air 1 920 лв. by default, or MacBook Pro 4 260 лв.) and AirPods Pro 3 (450 лв.). */
const BUNDLE_SKU = 'BNDL-MBA-APP3';
const BUNDLE_PATH = `/komplekt-macbook-air-airpods-pro-3-${BUNDLE_SKU}`;

test('a bundle starts from its defaults, its price follows the choices, a required option must be above 0, and the cart charges its price', async ({
  page,
}) => {
  await openStore(page, BUNDLE_PATH);
  const bundle = page.getByTestId('bundle-options');
  await expect(bundle).toBeVisible({ timeout: 30_000 });
  const computer = bundle.getByRole('group', { name: /Компютър/ });
  const headphones = bundle.getByRole('group', { name: /Слушалки/ });
  await expect(computer.getByRole('radio', { name: /MacBook Air/ })).toBeChecked();
  await expect(headphones.getByRole('checkbox', { name: /AirPods Pro 3/ })).toBeChecked();
  await expect(price(page)).toContainText(/1\s?211,76\s?€/);

  await computer.getByRole('radio', { name: /MacBook Pro/ }).check();
  await expect(price(page)).toContainText(/2\s?408,18\s?€/);
  await headphones.getByLabel('Количество за „Слушалки“').fill('2');
  await expect(price(page)).toContainText(/2\s?638,27\s?€/);
  await headphones.getByRole('checkbox', { name: /AirPods Pro 3/ }).uncheck();
  await expect(price(page)).toContainText(/2\s?178,10\s?€/);

  await computer.getByLabel('Количество за „Компютър“').fill('0');
  await expect(price(page)).not.toContainText(/2\s?178,10\s?€/);
  await headphones.getByRole('checkbox', { name: /AirPods Pro 3/ }).check();
  await expect(price(page)).toContainText(/460,16\s?€/);
  const add = page.getByRole('button', { name: 'Добави в количката' });
  await expect(add).toBeEnabled({ timeout: 30_000 });
  await add.click();
  await expect(computer.getByRole('alert')).toHaveText('Трябва да е по-голямо от 0');
  await expect(page.getByTestId('product-error')).toContainText('Моля, изберете продуктите от комплекта');
  await expect(badge(page)).toHaveText('0');
  await computer.getByLabel('Количество за „Компютър“').fill('1');
  await expect(computer.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('product-error')).toHaveCount(0);
  await expect(price(page)).toContainText(/2\s?638,27\s?€/);
  const shown = await primaryPrice(page);

  await add.click();
  await expect(badge(page)).toHaveText('1');
  await page.goto('/cart');
  const line = cartLine(page, BUNDLE_SKU);
  await expect(line).toContainText('MacBook Pro 14" M4 Pro, 24 GB, 1 TB × 1', { timeout: 30_000 });
  await expect(line).toContainText('AirPods Pro 3 × 2');
  await expect(page.getByTestId('cart-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(unitPrice(page, BUNDLE_SKU)).toHaveText(shown);
});

/** Demo grouped product: MacBook Air (1 999 лв.) and iPad Air (1 299 лв.). */
const GROUPED_SKU = 'GRP-MBA-IPAD';

test('a grouped product: its price is its members at 1 each; quantities must be at least 1 and add each member', async ({
  page,
}) => {
  await openStore(page, `/macbook-air-i-ipad-air-${GROUPED_SKU}`);
  const members = page.getByTestId('grouped-members');
  await expect(members.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('grouped-price')).toContainText(/3\s?298,00/);
  await expect(price(page)).toContainText(/3\s?298,00/);

  const ipadQty = members.getByLabel('Количество: iPad Air 11" M3, 128 GB');
  await ipadQty.fill('2');
  await expect(price(page)).toContainText(/4\s?597,00/);
  await ipadQty.fill('0');
  await expect(members.getByRole('alert')).toContainText('цяло число');
  const add = page.getByRole('button', { name: 'Добави в количката' });
  await expect(add).toBeEnabled({ timeout: 30_000 });
  await add.click();
  await expect(badge(page)).toHaveText('0');

  await ipadQty.fill('2');
  const shown = await primaryPrice(page);
  await add.click();
  await expect(badge(page)).toHaveText('3');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('cart-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('cart-total').locator('.price__primary')).toHaveText(shown);
});

test('a /cto: address opens the product with the custom options it names already chosen', async ({ page }) => {
  // 12: band M; 21: AppleCare+ (sync-server/catalog/demo-catalog.ts).
  await openStore(page, `${WATCH_PATH}/cto:12,21`);
  await expect(page.getByRole('heading', { level: 1, name: 'Apple Watch Ultra 3, 49 мм, титан' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('group', { name: /Размер на каишката/ }).getByRole('radio', { name: 'M' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /AppleCare\+/ })).toBeChecked();
  await expect(price(page)).toContainText(/1\s?797,00/);
});
