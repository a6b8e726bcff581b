import { expect, test, type Page } from '@playwright/test';
import { IPHONE, openStore, waitForServiceWorker } from './helpers.ts';

/**
 * Demo catalogue: 'iphone' holds IP17-256-BLK (черен, 256 GB, 1 899 лв., new, one approved 5-star review) and
 * IP17PM-512-ORG (оранжев, 512 GB, 3 099 лв., promo and new, no review). In euro, as the shop prices (970,94 € and
 * 1 584,48 €), their prices spread 613,54 €, so the price buckets are 300 € wide: 900 - 1 200 € and 1 500 - 1 800 €.
 */
const IPHONE_PRO_MAX = 'IP17PM-512-ORG';
const listingTile = (page: Page, sku: string) => page.locator(`[data-testid="listing-tile"][data-sku="${sku}"]`);
const tiles = (page: Page) => page.getByTestId('listing-tile');
const colour = (page: Page, label: string) =>
  page.locator('[data-filter="cvyat"]').getByRole('button', { name: new RegExp(`^${label},`) });
/** A price bucket by its label as the shopper reads it ('900 - 1 200 €'), with its count or without (a range in force). */
const priceBucket = (page: Page, label: string) =>
  page
    .locator('[data-filter="cena"]')
    .getByRole('button', { name: new RegExp(`^${label.replaceAll(' ', '\\s')}(, |$)`) });

interface JsonLdNode {
  '@type': string;
  [key: string]: unknown;
}
const jsonLd = async (page: Page): Promise<{ '@graph': JsonLdNode[] } | null> => {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return text ? (JSON.parse(text) as { '@graph': JsonLdNode[] }) : null;
};

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a category lists its products; filters toggle, replace within an attribute and reset, rewriting the URL', async ({
    page,
  }) => {
    await openStore(page, '/iphone');
    await expect(page.getByRole('heading', { level: 1, name: 'iPhone' })).toBeVisible({ timeout: 30_000 });
    await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('filter-panel')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Филтри/ })).toHaveCount(0);
    const iphone = listingTile(page, IPHONE);
    await expect(iphone).toContainText('лв.');
    await expect(iphone).toContainText('€');
    await expect(iphone).toContainText('Наличен');
    await expect(iphone.getByRole('link', { name: 'iPhone 17, 256 GB, черен' })).toHaveAttribute(
      'href',
      `/iphone-17-256-${IPHONE}`,
    );
    await expect(iphone.getByRole('link', { name: 'iPhone', exact: true })).toHaveAttribute('href', '/iphone');
    await expect(iphone.getByRole('list', { name: 'Етикети' }).getByRole('listitem')).toHaveText(['Ново']);
    await expect(
      listingTile(page, IPHONE_PRO_MAX).getByRole('list', { name: 'Етикети' }).getByRole('listitem'),
    ).toHaveText(['Промо', 'Ново']);
    await expect(iphone.locator('.listing-tile__attribute dt')).toHaveText(['Цвят', 'Диск']);
    await expect(iphone.locator('.listing-tile__attribute dd')).toHaveText(['Черен', '256 GB']);
    await expect(page.getByRole('navigation', { name: 'Навигационна пътека' })).toContainText('Начало');
    await expect(page).toHaveTitle('iPhone | Apple Store България');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');

    // Toggle on.
    await colour(page, 'Черен').click();
    await expect(page).toHaveURL(/\/iphone\/cvyat-cheren$/);
    await expect(tiles(page)).toHaveCount(1);
    await expect(listingTile(page, IPHONE)).toBeVisible();
    await expect(colour(page, 'Черен')).toHaveAttribute('aria-pressed', 'true');

    // Another value of the same attribute replaces the first.
    await colour(page, 'Оранжев').click();
    await expect(page).toHaveURL(/\/iphone\/cvyat-oranzhev$/);
    await expect(tiles(page)).toHaveCount(1);
    await expect(listingTile(page, IPHONE_PRO_MAX)).toBeVisible();
    await expect(colour(page, 'Черен')).toHaveAttribute('aria-pressed', 'false');
    await expect(colour(page, 'Оранжев')).toHaveAttribute('aria-pressed', 'true');

    // The same value again removes it.
    await colour(page, 'Оранжев').click();
    await expect(page).toHaveURL(/\/iphone$/);
    await expect(tiles(page)).toHaveCount(2);

    // Reset deactivates everything.
    await colour(page, 'Черен').click();
    await expect(page).toHaveURL(/\/iphone\/cvyat-cheren$/);
    await page.getByRole('button', { name: 'Изчисти филтрите' }).click();
    await expect(page).toHaveURL(/\/iphone$/);
    await expect(tiles(page)).toHaveCount(2);
  });

  test('a price bucket filters by price as a cena-from-to segment; two segments make the page noindex', async ({
    page,
  }) => {
    await openStore(page, '/iphone');
    await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });
    await expect(page.locator('[data-filter="cena"]').getByRole('button')).toHaveCount(2);
    // Euro first, like every other price: round euro ranges, and the address carries them in euro.
    await expect(page.locator('[data-filter="cena"]').getByRole('button')).toHaveText([
      /^900 - 1\s200\s€\s*\(1\)$/,
      /^1\s500 - 1\s800\s€\s*\(1\)$/,
    ]);
    await expect(priceBucket(page, '900 - 1 200 €')).toHaveAccessibleName(/^900 - 1\s200\s€, 1 продукта$/);

    await priceBucket(page, '1 500 - 1 800 €').click();
    await expect(page).toHaveURL(/\/iphone\/cena-1500-1800$/);
    await expect(tiles(page)).toHaveCount(1);
    await expect(listingTile(page, IPHONE_PRO_MAX)).toBeVisible();
    await expect(priceBucket(page, '1 500 - 1 800 €')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');

    // Another bucket replaces it.
    await priceBucket(page, '900 - 1 200 €').click();
    await expect(page).toHaveURL(/\/iphone\/cena-900-1200$/);
    await expect(listingTile(page, IPHONE)).toBeVisible();
    await expect(tiles(page)).toHaveCount(1);

    // A colour as well: two segments, sorted, and the page is noindex,follow with the bare category canonical.
    await colour(page, 'Черен').click();
    await expect(page).toHaveURL(/\/iphone\/cena-900-1200\/cvyat-cheren$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,follow');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/iphone$/);

    // Only the black one is left, so the buckets narrow to 100 € (900 - 1 000 €); the range in force is no bucket
    // of this answer any more but stays on the panel, pressed, and choosing it again removes only the price.
    await expect(priceBucket(page, '900 - 1 000 €')).toHaveAttribute('aria-pressed', 'false');
    await expect(priceBucket(page, '900 - 1 200 €')).toHaveAttribute('aria-pressed', 'true');
    await priceBucket(page, '900 - 1 200 €').click();
    await expect(page).toHaveURL(/\/iphone\/cvyat-cheren$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
  });

  test('the sort is kept in the address (?sort=) across filter changes and read on arrival', async ({ page }) => {
    await openStore(page, '/iphone');
    await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });
    await expect(tiles(page).first()).toHaveAttribute('data-sku', IPHONE);
    await expect(page.getByLabel('Подреди по').locator('option')).toHaveText([
      'Препоръчани',
      'Цена: възходящо',
      'Цена: низходящо',
    ]);

    await page.getByLabel('Подреди по').selectOption('price-desc');
    await expect(page).toHaveURL(/\/iphone\?sort=price-desc$/);
    await expect(tiles(page).first()).toHaveAttribute('data-sku', IPHONE_PRO_MAX);

    await colour(page, 'Черен').click();
    await expect(page).toHaveURL(/\/iphone\/cvyat-cheren\?sort=price-desc$/);
    await page.getByRole('button', { name: 'Изчисти филтрите' }).click();
    await expect(page).toHaveURL(/\/iphone\?sort=price-desc$/);
    // Sorting is not a filter: the canonical stays the bare category.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/iphone$/);

    await page.getByLabel('Подреди по').selectOption('default');
    await expect(page).toHaveURL(/\/iphone$/);
    await expect(tiles(page).first()).toHaveAttribute('data-sku', IPHONE);

    await page.goto('/iphone?sort=price-desc');
    await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });
    await expect(tiles(page).first()).toHaveAttribute('data-sku', IPHONE_PRO_MAX);
    await expect(page.getByLabel('Подреди по')).toHaveValue('price-desc');
  });

  test('a filter segment in the address is active on arrival', async ({ page }) => {
    await openStore(page, '/iphone/cvyat-oranzhev');
    await expect(tiles(page)).toHaveCount(1, { timeout: 30_000 });
    await expect(listingTile(page, IPHONE_PRO_MAX)).toBeVisible();
    await expect(colour(page, 'Оранжев')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/iphone\/cvyat-oranzhev$/);
  });

  test('the head: meta description and JSON-LD breadcrumbs and products in BGN, ratings only from real reviews', async ({
    page,
  }) => {
    await openStore(page, '/iphone');
    await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^iPhone в Apple Store България: оригинални продукти на Apple/,
    );
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect
      .poll(async () => {
        const doc = await jsonLd(page);
        const list = doc?.['@graph'].find((n) => n['@type'] === 'ItemList');
        const items = (list?.itemListElement as { item: JsonLdNode }[] | undefined) ?? [];
        return items.find((i) => i.item.sku === IPHONE)?.item.aggregateRating ?? null;
      })
      .toEqual({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 });

    const doc = (await jsonLd(page))!;
    const breadcrumbs = doc['@graph'].find((n) => n['@type'] === 'BreadcrumbList')!;
    const crumbs = breadcrumbs.itemListElement as { name: string; item: string; position: number }[];
    expect(crumbs.map((c) => c.name)).toEqual(['Начало', 'iPhone']);
    expect(new URL(crumbs[0]!.item).pathname).toBe('/');
    const list = doc['@graph'].find((n) => n['@type'] === 'ItemList')!;
    const items = (list.itemListElement as { item: JsonLdNode }[]).map((i) => i.item);
    expect(items.map((i) => i.sku)).toEqual([IPHONE, IPHONE_PRO_MAX]);
    expect(items[0]!.offers).toMatchObject({ '@type': 'Offer', price: '1899.00', priceCurrency: 'BGN' });
    expect(items[1]!.offers).toMatchObject({ price: '3099.00', priceCurrency: 'BGN' });
    // No review for the Pro Max: no rating, never an invented one.
    expect(items[1]).not.toHaveProperty('aggregateRating');
  });
});

test('static routes are not taken for categories', async ({ page }) => {
  await openStore(page, '/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Вашата количка' })).toBeVisible();
  await page.goto('/page-not-found');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('an unknown category offline shows the notice and goes home', async ({ page, context }) => {
  await openStore(page);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/no-such-category');
  await expect(page.getByTestId('notification')).toContainText(
    'Продуктът, категорията или страницата не са достъпни в офлайн режим. Пренасочване към началната страница.',
    { timeout: 30_000 },
  );
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Продукти на Apple');
});

test.describe('a first visit, on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a first visit of a filtered, sorted address shows its products with the page, without a search round trip', async ({
    page,
  }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/catalog/search') searches.push(request.postData() ?? '');
    });
    await page.goto('/iphone/cvyat-cheren?sort=price-desc');
    await expect(listingTile(page, IPHONE)).toBeVisible({ timeout: 30_000 });
    await expect(tiles(page)).toHaveCount(1);
    expect(searches).toEqual([]);
    // The next change asks the server as ever: the embedded answer was this address's only.
    await colour(page, 'Черен').click();
    await expect(listingTile(page, IPHONE_PRO_MAX)).toBeVisible();
    await expect(page).toHaveURL(/\/iphone\?sort=price-desc$/);
    expect(searches.length).toBeGreaterThan(0);
  });
});
