import { expect, test, type Page } from '@playwright/test';
import { openStore } from './helpers.ts';
import { severeViolations } from './severe-violations.ts';

/** The demo catalogue's menu (sync-server/catalog/demo-catalog.ts): the store root's active menu categories. */
const TOP_CATEGORIES = ['MacBook', 'iPhone', 'iPad', 'Apple Watch', 'Аксесоари'];

const desktop = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } as const;

/** True when the element's text is wider than its box (drawn cut, with or without an ellipsis). */
const isCut = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el.scrollWidth > el.clientWidth);

/** The search field's placeholder drawn whole: its text's width fits the field's content box. */
const placeholderFits = (page: Page) =>
  page.locator('.search-panel__input').evaluate((el) => {
    const input = el as HTMLInputElement;
    const style = getComputedStyle(input);
    const placeholder = getComputedStyle(input, '::placeholder');
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return false;
    context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });

test.describe('desktop', () => {
  test.use(desktop);

  test('the menu bar lists the categories; a submenu opens after the hover delay and leads to its page', async ({
    page,
  }) => {
    await openStore(page);
    const menu = page.getByRole('navigation', { name: 'Основна навигация' });
    await expect(menu.getByTestId('main-menu-item')).toHaveCount(TOP_CATEGORIES.length, { timeout: 30_000 });
    await expect(menu.locator('.main-menu__link')).toHaveText(TOP_CATEGORIES);
    await expect(menu.getByRole('link', { name: 'Продукти' })).toHaveCount(0);

    const macbook = menu.getByTestId('main-menu-item').filter({ hasText: 'MacBook' });
    const toggle = macbook.getByRole('button', { name: 'Подкатегории на MacBook' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await macbook.getByRole('link', { name: 'MacBook', exact: true }).hover();
    // Not at once (spec: 300 ms), then open.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const submenu = macbook.getByTestId('main-submenu');
    await expect(submenu.getByRole('link')).toHaveText(['MacBook Pro', 'MacBook Air']);

    await submenu.getByRole('link', { name: 'MacBook Air' }).click();
    await expect(page).toHaveURL(/\/macbook-air$/);
    await expect(page.getByRole('heading', { level: 1, name: 'MacBook Air' })).toBeVisible({ timeout: 30_000 });
    await expect(submenu).toBeHidden();
  });

  test('by keyboard a submenu opens at once, its links are reached with the arrows, Escape closes it', async ({
    page,
  }) => {
    await openStore(page);
    const menu = page.getByRole('navigation', { name: 'Основна навигация' });
    const accessories = menu.getByTestId('main-menu-item').filter({ hasText: 'Аксесоари' });
    const toggle = accessories.getByRole('button', { name: 'Подкатегории на Аксесоари' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(accessories.getByRole('link', { name: 'AirPods' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(accessories.getByRole('link', { name: 'Клавиатури и Magic Mouse' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(accessories.getByTestId('main-submenu')).toBeHidden();

    await page.keyboard.press(' ');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/airpods$/);
  });

  test('the header draws the shop’s name and the search placeholder whole at 1280 px', async ({ page }) => {
    await openStore(page);
    await expect(page.getByTestId('brand-name')).toHaveText('Apple Store България');
    expect(await isCut(page, '[data-testid="brand-name"]')).toBe(false);
    // Whole and not overdrawn by the search field beside it.
    const name = await page.getByTestId('brand-name').boundingBox();
    const search = await page.locator('.search-panel__form').boundingBox();
    expect(name && search && name.x + name.width <= search.x).toBe(true);
    expect(await isCut(page, '.search-panel__input')).toBe(false);
    expect(await placeholderFits(page)).toBe(true);
  });

  test('home with a submenu open has no serious accessibility violation', async ({ page }) => {
    await openStore(page);
    const toggle = page.getByRole('button', { name: 'Подкатегории на MacBook' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await severeViolations(page)).toEqual([]);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header stays compact with the cart and the sync state in view', async ({ page }) => {
    await openStore(page);
    const header = await page.getByTestId('site-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(112);
    await expect(page.getByTestId('sync-state')).toBeInViewport();
    await expect(page.getByTestId('cart-badge')).toBeInViewport();
    await expect(page.getByRole('searchbox')).toBeInViewport();
    expect(await placeholderFits(page)).toBe(true);
    await expect(page.getByTestId('main-menu')).toBeHidden();
  });

  test('the menu button opens a drawer that keeps focus, closes with Escape and returns focus', async ({ page }) => {
    await openStore(page);
    const button = page.getByRole('button', { name: 'Отвори менюто' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('.menu-drawer__link')).toHaveText([...TOP_CATEGORIES, 'Обяви', 'Контакти'], {
      timeout: 30_000,
    });
    await expect(drawer.getByRole('button', { name: 'Затвори менюто' })).toBeFocused();

    // Tab goes round inside the drawer, never to the page behind it.
    const focusables = await drawer.locator('a[href], button').count();
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();

    // Again, with the close button; then to a subcategory.
    await button.click();
    await drawer.getByRole('button', { name: 'Затвори менюто' }).click();
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await drawer.getByRole('button', { name: 'Подкатегории на iPad' }).click();
    await drawer.getByRole('link', { name: 'iPad Air' }).click();
    await expect(page).toHaveURL(/\/ipad-air$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'iPad Air' })).toBeVisible({ timeout: 30_000 });
  });

  test('offline the menu still comes from the catalogue on the device', async ({ page, context }) => {
    await openStore(page);
    await page.getByRole('button', { name: 'Отвори менюто' }).click();
    await expect(page.getByRole('dialog').locator('.menu-drawer__link')).toHaveCount(TOP_CATEGORIES.length + 2, {
      timeout: 30_000,
    });
    await page.keyboard.press('Escape');
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Apple Store България' }).click();
    await page.getByRole('button', { name: 'Отвори менюто' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'iPhone' }).click();
    await expect(page).toHaveURL(/\/iphone$/);
    await expect(page.getByRole('heading', { level: 1, name: 'iPhone' })).toBeVisible({ timeout: 30_000 });
  });
});

test('the footer carries the init answer’s links and contact details, and its links lead to their pages', async ({
  page,
}) => {
  await openStore(page);
  const footer = page.getByTestId('site-footer');
  await expect(footer.getByTestId('footer-pages').getByRole('link')).toHaveText(['За нас', 'Гаранция', 'Доставка'], {
    timeout: 30_000,
  });
  await expect(footer.getByTestId('footer-categories').getByRole('link')).toHaveText(TOP_CATEGORIES);
  await expect(footer.getByTestId('footer-contact')).toContainText('0700 10 800');
  await expect(footer.getByRole('link', { name: 'Контакти' })).toHaveAttribute('href', '/contact');
  await expect(footer.getByRole('link', { name: 'Обяви' })).toHaveAttribute('href', '/posts/sell');

  await footer.getByRole('link', { name: 'Доставка' }).click();
  await expect(page).toHaveURL(/\/delivery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Доставка' })).toBeVisible({ timeout: 30_000 });

  await footer.getByRole('link', { name: 'Гаранция' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Гаранция' })).toBeVisible({ timeout: 30_000 });

  await footer.getByRole('link', { name: 'Карта на сайта' }).click();
  await expect(page).toHaveURL(/\/sitemap$/);
  await expect(page.getByTestId('sitemap-page')).toBeVisible({ timeout: 30_000 });

  await footer.getByTestId('footer-categories').getByRole('link', { name: 'iPad' }).click();
  await expect(page).toHaveURL(/\/ipad$/);
  await expect(page.getByRole('heading', { level: 1, name: 'iPad' })).toBeVisible({ timeout: 30_000 });
});
