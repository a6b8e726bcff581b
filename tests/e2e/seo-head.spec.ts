import { expect, test, type Page } from '@playwright/test';
import { IPHONE, openStore, waitForServiceWorker } from './helpers.ts';

/** Demo catalogue: IP17-256-BLK has one approved review (rating 5); the Pro Max has none. */
const IPHONE_PRO_MAX = 'IP17PM-512-ORG';

const jsonLd = async (page: Page) => {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as { '@graph': Record<string, unknown>[] });
};
const productNode = async (page: Page) =>
  (await jsonLd(page)).flatMap((doc) => doc['@graph']).find((node) => node['@type'] === 'Product');

test('a product page links its canonical and AMP versions and describes itself with real reviews only', async ({
  page,
}) => {
  await openStore(page, `/iphone-17-256-${IPHONE}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/iphone-17-256-${IPHONE}$`));
  const amp = page.locator('link[rel="amphtml"]');
  await expect(amp).toHaveAttribute('href', new RegExp(`/amp/${IPHONE}/iphone-17-256$`));

  await expect.poll(async () => (await productNode(page))?.aggregateRating).toMatchObject({ reviewCount: 1 });
  expect(await productNode(page)).toMatchObject({ sku: IPHONE, offers: { priceCurrency: 'BGN' } });

  const ampPage = await page.request.get((await amp.getAttribute('href'))!);
  expect(ampPage.status()).toBe(200);
  expect(await ampPage.text()).toContain('iPhone 17, 256 GB');

  await page.goto(`/iphone-17-pro-max-512-${IPHONE_PRO_MAX}`);
  await expect.poll(async () => (await productNode(page))?.sku).toBe(IPHONE_PRO_MAX);
  expect((await productNode(page))?.aggregateRating).toBeUndefined();
});

test('with the service worker in control, an AMP address still opens the server-rendered page', async ({ page }) => {
  await openStore(page);
  await waitForServiceWorker(page);
  await page.goto('/iphone');
  await expect(page.locator('link[rel="amphtml"]')).toHaveAttribute('href', /\/amp\/iphone$/);
  await page.goto('/amp/iphone');
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'iPhone' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/iphone$/);
});
