import { expect, test, type Page } from '@playwright/test';
import { AIRPODS, MACBOOK_AIR, addButton, badge, openStore } from './helpers.ts';

/**
 * Issue 29, item 11: the mini-cart (spec: microcart). The header's cart link opens a dialog with the cart's lines
 * (euro first, leva beside), the totals and the ways on; keyboard-usable (focus moves in, stays in, Escape closes
 * and hands focus back to the link), a full-height sheet on a phone and a panel at the right on a desktop.
 */

const cartLink = (page: Page) => page.getByRole('link', { name: /^Количка/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Вашата количка' });
const line = (page: Page, sku: string) => panel(page).locator(`[data-testid="cart-line"][data-sku="${sku}"]`);

const openWithKeyboard = async (page: Page) => {
  await cartLink(page).focus();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Затвори количката' })).toBeFocused();
};

async function shopWithTheMiniCart(page: Page, layout: 'phone' | 'desktop'): Promise<void> {
  await openStore(page);

  // An empty cart says so.
  await openWithKeyboard(page);
  await expect(panel(page)).toContainText('Количката ви е празна.');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();

  await addButton(page, AIRPODS).click();
  await addButton(page, MACBOOK_AIR).click();
  await expect(badge(page)).toHaveText('2');

  await openWithKeyboard(page);
  // The link opened the panel; it did not leave the page.
  await expect(page).not.toHaveURL(/\/cart$/);
  const box = await panel(page).boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('the panel or the page has no size');
  expect(Math.round(box.height)).toBe(viewport.height);
  expect(Math.round(box.x + box.width)).toBe(viewport.width);
  if (layout === 'phone') expect(Math.round(box.width)).toBe(viewport.width);
  else expect(box.width).toBeLessThan(viewport.width / 2);

  // The lines: name, quantity, the unit's price and the line's, euro first with leva beside.
  await expect(panel(page).getByTestId('cart-line')).toHaveCount(2);
  const airpods = line(page, AIRPODS);
  await expect(airpods.getByRole('heading', { name: 'AirPods Pro 3' })).toBeVisible();
  await expect(airpods.getByTestId('cart-line-qty')).toHaveText('1');
  await expect(airpods.locator('.line__unit .price__primary')).toHaveText(/255,13\s€/);
  await expect(airpods.locator('.line__unit')).toContainText('498,99 лв.');
  await expect(airpods.locator('.line__total .price__primary')).toHaveText(/255,13\s€/);
  await expect(airpods.locator('.line__total .price__secondary')).toContainText('лв.');
  // 255,13 € + 1 022,07 € (each unit's lev price in euro, half-up).
  const grand = panel(page).getByTestId('cart-total-grand_total');
  await expect(grand.locator('.price__primary')).toHaveText(/1\s?277,20\s€/);
  await expect(grand.locator('.price__secondary')).toContainText('лв.');

  // One more unit: the line, the total and the header's count follow.
  await airpods.getByRole('button', { name: /^Увеличи/ }).click();
  await expect(airpods.getByTestId('cart-line-qty')).toHaveText('2');
  await expect(grand.locator('.price__primary')).toHaveText(/1\s?532,33\s€/);
  await expect(badge(page)).toHaveText('3');

  // Removing a line asks first (spec, commerce section 4); focus stays in the panel, on its title.
  await line(page, MACBOOK_AIR)
    .getByRole('button', { name: /^Премахни/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Премахване на продукт' });
  await expect(confirm).toContainText('MacBook Air');
  await confirm.getByRole('button', { name: 'Премахни' }).click();
  await expect(panel(page).getByTestId('cart-line')).toHaveCount(1);
  await expect(badge(page)).toHaveText('2');
  await expect(panel(page).getByRole('heading', { name: 'Вашата количка' })).toBeFocused();

  // Focus stays inside: back from the first control to the last, on from the last to the first.
  const close = panel(page).getByRole('button', { name: 'Затвори количката' });
  const checkout = panel(page).getByRole('link', { name: 'Поръчай' });
  await close.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(checkout).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();

  // Escape closes it and hands focus back to the cart link.
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(cartLink(page)).toBeFocused();
  await expect(page).not.toHaveURL(/\/cart$/);

  // And on to the checkout from it.
  await openWithKeyboard(page);
  await expect(panel(page).getByRole('link', { name: 'Към количката' })).toHaveAttribute('href', '/cart');
  await checkout.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(panel(page)).toBeHidden();
}

test('on a phone, the cart link opens the mini-cart as a full-height sheet: lines, totals, checkout', async ({
  page,
}) => {
  await shopWithTheMiniCart(page, 'phone');
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('on a desktop, the cart link opens the mini-cart as a panel at the right: lines, totals, checkout', async ({
    page,
  }) => {
    await shopWithTheMiniCart(page, 'desktop');
  });

  test('the mini-cart leads to the cart page', async ({ page }) => {
    await openStore(page);
    await addButton(page, AIRPODS).click();
    await expect(badge(page)).toHaveText('1');
    await cartLink(page).click();
    await panel(page).getByRole('link', { name: 'Към количката' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Вашата количка' })).toBeVisible();
    await expect(panel(page)).toBeHidden();
  });
});
