import { expect, test, type Page } from '@playwright/test';
import { SHOP_CONTACT } from '../../schema/shop/index.ts';
import { AIRPODS, openStore, syncMode, waitForServiceWorker } from './helpers.ts';

/** What the demo catalogue puts on the home page (sync-server/catalog/demo-catalog.ts). */
async function expectHomeSections(page: Page): Promise<void> {
  const slider = page.getByTestId('home-slider');
  await expect(slider.getByRole('group', { name: 'Слайд 1 от 2' })).toBeVisible({ timeout: 30_000 });
  await expect(slider.getByRole('link', { name: 'iPhone 17 Pro' })).toHaveAttribute('href', '/iphone');
  await expect(slider.getByRole('img', { name: 'iPhone 17 Pro' })).toBeVisible();
  // The slide's call to action, inside its link to the slide's target.
  await expect(slider.getByRole('link', { name: 'iPhone 17 Pro' }).getByTestId('home-slide-cta')).toHaveText(
    'Разгледай',
  );
  await slider.getByRole('button', { name: 'Следващ' }).click();
  await expect(slider.getByRole('group', { name: 'Слайд 2 от 2' })).toBeVisible();
  await expect(slider.getByRole('link', { name: 'MacBook Air M4' })).toHaveAttribute('href', '/macbook-air');
  await slider.getByRole('button', { name: 'Предишен' }).click();
  await expect(slider.getByRole('link', { name: 'iPhone 17 Pro' })).toBeVisible();

  const top = page.getByRole('region', { name: 'Топ продукти' });
  await expect(top.getByTestId('product-tile')).toHaveCount(4);
  const airpods = top.locator(`[data-sku="${AIRPODS}"]`);
  await expect(airpods.getByRole('link', { name: 'AirPods Pro 3' })).toHaveAttribute(
    'href',
    `/airpods-pro-3-${AIRPODS}`,
  );
  // The category's name, never its slug.
  await expect(airpods.locator('.tile__category')).toHaveText('AirPods');
  await expect(airpods.getByRole('button', { name: 'Добави в количката: AirPods Pro 3' })).toBeVisible();

  // The demo bundle (its default selection's price) links to its page.
  const bundles = page.getByRole('region', { name: 'Комплекти' });
  const bundle = bundles.locator('[data-sku="BNDL-MBA-APP3"]');
  await expect(bundles.getByTestId('product-tile')).toHaveCount(1);
  await expect(bundle).toContainText('Комплект MacBook Air + AirPods Pro 3');
  await expect(bundle).toContainText(/2\s?370,00/);
  await expect(bundle.getByRole('link', { name: 'Комплект MacBook Air + AirPods Pro 3' })).toHaveAttribute(
    'href',
    '/komplekt-macbook-air-airpods-pro-3-BNDL-MBA-APP3',
  );

  const categories = page.getByRole('region', { name: 'Категории' });
  await expect(categories.getByRole('link')).toHaveText(['MacBook', 'iPhone', 'iPad']);
  await expect(categories.getByRole('link', { name: 'iPad' })).toHaveAttribute('href', '/ipad');

  const blog = page.getByRole('region', { name: 'Последно от блога' });
  await expect(blog.getByRole('heading', { level: 3 })).toHaveText([
    '5 съвета за AirPods Pro 3',
    'MacBook Air M4 в училище',
    'iPhone 17: първи впечатления',
  ]);
}

test('the home page shows the slider, top products, bundles, categories and latest blog posts', async ({ page }) => {
  await openStore(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Продукти на Apple');
  await expectHomeSections(page);

  await page.getByRole('region', { name: 'Категории' }).getByRole('link', { name: 'iPhone' }).click();
  await expect(page).toHaveURL(/\/iphone$/);
  await expect(page.getByRole('heading', { level: 1, name: 'iPhone' })).toBeVisible({ timeout: 30_000 });
});

test('a first visit paints home from the answers the page came with: no request for them after the JavaScript', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/catalog/init') asked.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Топ продукти' }).getByTestId('product-tile')).toHaveCount(4, {
    timeout: 30_000,
  });
  expect(asked).toEqual([]);
});

test('offline after one visit the home page builds the same sections from the device', async ({ page, context }) => {
  await openStore(page);
  await waitForServiceWorker(page);
  await expectHomeSections(page);

  await context.setOffline(true);
  await page.reload();
  await expect(syncMode(page)).toHaveText('Офлайн');
  await expectHomeSections(page);
  // The footer from the init answer kept on the device.
  const footer = page.getByTestId('site-footer');
  await expect(footer.getByRole('link', { name: 'Доставка' })).toHaveAttribute('href', '/delivery');
  await expect(footer.getByTestId('footer-contact')).toContainText('0700 10 800');
  // The shop's details from their one place (schema/shop/contact.ts), as every e-mail signs with them.
  await expect(footer.getByTestId('footer-contact')).toContainText(SHOP_CONTACT.address.bg);
  await expect(footer.getByRole('link', { name: SHOP_CONTACT.email })).toHaveAttribute(
    'href',
    `mailto:${SHOP_CONTACT.email}`,
  );
});

/**
 * Home shows its sections and not the whole catalogue: its height stays bounded whatever the catalogue's size
 * (it was 67,000 px on a phone and 32,000 on a desktop with the generated catalogue). Bounds: 6,000 px on a
 * phone, 4,000 on a desktop.
 */
for (const { name, viewport, isMobile, bound } of [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, bound: 6000 },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, bound: 4000 },
]) {
  test.describe(name, () => {
    test.use({ viewport, isMobile });

    test(`home is at most ${bound} px tall and holds no grid of the whole catalogue`, async ({ page }) => {
      await openStore(page);
      await expect(page.getByRole('region', { name: 'Последно от блога' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('region', { name: 'Всички продукти' })).toHaveCount(0);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThanOrEqual(bound);
    });
  });
}
