import { expect, test } from '@playwright/test';
import { AIRPODS, IPHONE, openStore, syncMode, waitForServiceWorker } from './helpers.ts';

/**
 * The product page around the purchase (spec sections 2 and 4): the gallery and its zoom, recently viewed and
 * related products, reviews, the notification settings, the size guide and the credit entry.
 */
const WATCH_PATH = '/apple-watch-ultra-3-49-AWU3-49-TI';
const IPHONE_PATH = `/iphone-17-256-${IPHONE}`;

test('the gallery: thumbnails choose the picture; the zoom opens by click or Enter, and Escape or Close shuts it', async ({
  page,
}) => {
  await openStore(page, WATCH_PATH);
  const gallery = page.getByTestId('product-gallery');
  const thumbnails = gallery.getByRole('list', { name: 'Снимки на продукта' }).getByRole('button');
  await expect(thumbnails).toHaveCount(3, { timeout: 30_000 });
  await thumbnails.nth(1).click();
  await expect(thumbnails.nth(1)).toHaveAttribute('aria-current', 'true');
  const main = gallery.getByRole('button', { name: 'Увеличи снимката: Apple Watch Ultra 3 отстрани' });

  await main.click();
  const zoom = page.getByRole('dialog', { name: 'Apple Watch Ultra 3 отстрани' });
  await expect(zoom).toBeVisible();
  await expect(zoom.getByRole('img', { name: 'Apple Watch Ultra 3 отстрани' })).toHaveAttribute('width', '825');
  await expect(zoom.getByRole('button', { name: 'Затвори' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(zoom.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  await expect(main).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(zoom).toBeVisible();
  await zoom.getByRole('button', { name: 'Следваща' }).click();
  await expect(page.getByRole('dialog', { name: 'Apple Watch Ultra 3 отзад' })).toBeVisible();
  await page.getByRole('button', { name: 'Затвори' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(gallery.getByRole('button', { name: /Увеличи снимката: Apple Watch Ultra 3 отзад/ })).toBeFocused();
});

test('recently viewed shows the previous product, not this one; related products are the linked ones', async ({
  page,
}) => {
  await openStore(page, IPHONE_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'iPhone 17, 256 GB, черен' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('recently-viewed')).toHaveCount(0);

  await page.goto(WATCH_PATH);
  const recent = page.getByTestId('recently-viewed');
  await expect(recent.locator(`[data-sku="${IPHONE}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(recent.locator('[data-sku="AWU3-49-TI"]')).toHaveCount(0);
  await expect(recent.getByRole('link', { name: 'iPhone 17, 256 GB, черен' })).toHaveAttribute('href', IPHONE_PATH);

  const related = page.getByRole('region', { name: 'Свързани продукти' });
  await expect(related.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  await expect(related.locator('[data-sku="AW11-46-ALU"]')).toBeVisible();
});

test('reviews, notification settings, size guide and credit', async ({ page }) => {
  await openStore(page, `/airpods-pro-3-${AIRPODS}`);
  // Two approved reviews (5 and 4); the pending one is not shown. Folded on a phone: open the section.
  const reviews = page.getByTestId('product-reviews-section');
  await reviews.getByText('Отзиви (2)').click({ timeout: 30_000 });
  await expect(reviews.getByTestId('product-reviews-summary')).toHaveText('Средна оценка 4,5 от 5 (2 отзива)');
  // The approved reviews' titles (the review and inquiry forms below them have headings of their own).
  await expect(reviews.getByRole('listitem').getByRole('heading', { level: 3 })).toHaveCount(2);
  await expect(reviews).not.toContainText('Чака одобрение');

  const priceAlerts = page.getByRole('checkbox', { name: 'Уведоми ме при промяна на цената' });
  await priceAlerts.check();
  await expect(page.getByTestId('notification')).toContainText('Ще ви уведомим при промяна на цената.');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Уведоми ме при промяна на цената' })).toBeChecked({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Таблица с размери' })).toHaveCount(0);

  await openStore(page, WATCH_PATH);
  await page.getByRole('button', { name: 'Таблица с размери' }).click({ timeout: 30_000 });
  const guide = page.getByRole('dialog', { name: 'Размери на каишките' });
  await expect(guide.getByRole('table')).toContainText('Alpine Loop');
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();

  // 1 899 лв. over 24 months at 10%: 87,63 лв. a month, shown euro first (44,80 €) with leva beside.
  await openStore(page, IPHONE_PATH);
  const credit = page.getByTestId('product-credit');
  await expect(credit).toContainText(/На изплащане от\s*22,04\s*€\s*на месец\s*\(за информация: 43,11\s*лв\.\)/, {
    timeout: 30_000,
  });
  await credit.getByText('На изплащане от').click();
  await expect(credit.getByRole('row', { name: /12 месеца/ })).toContainText(
    /86,68\s*€\s*\(за информация: 169,53\s*лв\.\)/,
  );
  await expect(credit.getByRole('link', { name: 'Условия за покупка на изплащане' })).toHaveAttribute(
    'href',
    '/credit-terms',
  );
});

test('offline, related products, reviews and recently viewed come from the device', async ({ page }) => {
  await openStore(page);
  await waitForServiceWorker(page);
  await openStore(page, IPHONE_PATH);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.context().setOffline(true);

  await page.goto(`/airpods-pro-3-${AIRPODS}`);
  await expect(syncMode(page)).toHaveText('Офлайн');
  await expect(page.getByRole('heading', { level: 1, name: 'AirPods Pro 3' })).toBeVisible({ timeout: 30_000 });
  const related = page.getByRole('region', { name: 'Свързани продукти' });
  await expect(related.locator(`[data-sku="${IPHONE}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('recently-viewed').locator(`[data-sku="${IPHONE}"]`)).toBeVisible();
  const reviews = page.getByTestId('product-reviews-section');
  await reviews.getByText('Отзиви (2)').click({ timeout: 30_000 });
  await expect(reviews.getByTestId('product-reviews-summary')).toHaveText('Средна оценка 4,5 от 5 (2 отзива)');
});
