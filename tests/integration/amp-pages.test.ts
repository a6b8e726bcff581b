import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySchema } from '../../schema/catalog/category.ts';
import { addTax } from '../../schema/catalog/tax.ts';
import { bgnToEurCents, formatEur, formatLevInformation } from '../../schema/money/currency.ts';
import { ampProductPath } from '../../schema/routing/amp-paths.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import {
  CONFIGURABLE_SKU,
  configurableIphone,
  DISABLED_CHILD,
  emptySnapshot,
  isoDaysFromNow,
  ON_SALE_CHILD,
  testProduct,
} from './catalog-fixtures.ts';

/** The demo catalogue's VAT (its one tax rule). */
const VAT = 20;
const SALE_SKU = 'AMP-SALE';
const EVIL_NAME = '<script>alert("amp")</script> Калъф';

/** The demo catalogue plus what the AMP pages need: a product on sale, hidden ones, a grouped one, an empty category. */
const additions = () => ({
  ...emptySnapshot(),
  categories: [
    categorySchema.parse({
      id: 40,
      parent_id: 2,
      name: 'Празна категория',
      slug: 'prazna',
      url_key: 'prazna',
      url_path: 'prazna',
      path: '1/2/40',
      level: 2,
      position: 40,
      is_active: true,
    }),
  ],
  products: [
    configurableIphone(),
    testProduct({
      id: 400,
      sku: SALE_SKU,
      name: 'iPhone на промоция',
      price: 100_000,
      special_price: 80_000,
      special_from_date: isoDaysFromNow(-1),
      special_to_date: isoDaysFromNow(1),
    }),
    testProduct({ id: 401, sku: 'AMP-DISABLED', status: 2 }),
    testProduct({ id: 402, sku: 'AMP-HIDDEN', visibility: 1 }),
    testProduct({ id: 403, sku: 'AMP-EVIL', name: EVIL_NAME }),
    testProduct({ id: 405, sku: 'AMP-CYR', name: 'Кожен калъф', slug: 'кожен-калъф' }),
    testProduct({
      id: 404,
      sku: 'AMP-GROUP',
      name: 'Комплект AirPods и клавиатура',
      type_id: 'grouped',
      product_links: ['APP3', 'AMP-DISABLED', 'MAGIC-KB-BG'].map((sku, position) => ({
        link_type: 'associated',
        linked_product_sku: sku,
        position,
      })),
    }),
  ],
});

/** Both currencies of a VAT-inclusive amount, as the pages write them. */
/** The euro figure and, beside it, that figure's leva marked as information (issue 29). */
const priceTexts = (stotinki: number): string[] => [
  formatLevInformation(bgnToEurCents(stotinki)),
  formatEur(bgnToEurCents(stotinki)),
];

describe(`AMP pages over HTTP (${storeKind})`, () => {
  let server: RunningServer;
  const page = async (path: string) => {
    const response = await fetch(server.url + path, { redirect: 'manual' });
    return { status: response.status, response, body: await response.text() };
  };

  beforeAll(async () => {
    server = await startTestServer(undefined, 'off');
    await writeCatalog(server.db, additions());
    await server.search.catchUp();
  });
  afterAll(async () => {
    await server.close();
  });

  it('a category lists its products with the count the search API gives, breadcrumbs and the canonical link', async () => {
    const { status, response, body } = await page('/amp/iphone');
    expect(status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(body).toMatch(/^<!doctype html>\n<html lang="bg">/);
    expect(body).toContain('<link rel="canonical" href="/iphone">');
    expect(body).toContain('<span itemprop="name">Начало</span>');
    expect(body).toContain('<h1>iPhone</h1>');

    const search = await fetch(`${server.url}/api/catalog/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'listing', categoryId: 6 }),
    });
    const { result } = (await search.json()) as { result: { total: number; items: { sku: string }[] } };
    expect(result.total).toBeGreaterThan(2);
    expect(body).toContain(`<p class="count">${result.total} продукта</p>`);
    for (const { sku } of result.items) expect(body).toContain(`Код: ${sku}<`);
    expect(body).toContain('<a href="/amp/IP17-256-BLK/iphone-17-256">');
    expect(body).toContain('<h2>iPhone 17, 256 GB, черен</h2>');
    expect(body).toContain(`<a href="/amp/${SALE_SKU}/test-amp-sale">`);
  });

  it('a subcategory links its parent’s AMP page in the breadcrumbs; an empty one says no products were found', async () => {
    const air = await page('/amp/macbook-air');
    expect(air.status).toBe(200);
    expect(air.body).toContain('<a itemprop="item" href="/amp/macbook"><span itemprop="name">MacBook</span></a>');
    expect(air.body).toContain('Код: MBA13-M4-16-256');

    const empty = await page('/amp/prazna');
    expect(empty.status).toBe(200);
    expect(empty.body).toContain('<strong>Няма намерени продукти!</strong>');
    expect(empty.body).toContain('<a href="/">началната страница</a>');
    expect(empty.body).toContain('<p class="count">0 продукта</p>');
  });

  it('a product page shows name, sku, price in € with лв. beside, the canonical and full-page links and N/A details', async () => {
    const { status, body } = await page('/amp/APP3/airpods-pro-3');
    expect(status).toBe(200);
    expect(body).toContain('<link rel="canonical" href="/airpods-pro-3-APP3">');
    expect(body).toContain('<h1>AirPods Pro 3</h1>');
    expect(body).toContain('<p class="sku">Код: APP3</p>');
    const [bgn, eur] = priceTexts(49_900);
    expect(body).toContain(`<span class="price__final">${eur}</span> <span class="price__secondary">${bgn}</span>`);
    expect(bgn).toMatch(/^\(за информация: .+лв\.\)$/);
    expect(eur).toMatch(/€$/);
    expect(body).toContain('width="450" height="500"');
    expect(body).toContain('<a class="full-page" href="/airpods-pro-3-APP3">');
    // AirPods have a colour and no RAM: the empty attribute reads N/A in Bulgarian.
    expect(body).toContain('<dt>Цвят</dt><dd>Бял</dd>');
    expect(body).toContain('<dt>RAM</dt><dd>Няма данни</dd>');
    expect(body).toContain('<p>AirPods Pro 3. Официален внос, 2 години гаранция.</p>');
  });

  it('a product on sale shows the special price and the original struck through', async () => {
    const { status, body } = await page(`/amp/${SALE_SKU}/test-amp-sale`);
    expect(status).toBe(200);
    const [specialBgn, specialEur] = priceTexts(addTax(80_000, VAT));
    const [originalBgn, originalEur] = priceTexts(addTax(100_000, VAT));
    expect(body).toContain(
      `<span class="price__final">${specialEur}</span> <span class="price__secondary">${specialBgn}</span>`,
    );
    expect(body).toContain(
      `<del class="price__original"><span class="price__amount">${originalEur}</span> <span class="price__secondary">${originalBgn}</span></del>`,
    );
  });

  it('a configurable product reached with a child sku shows that child’s sku and price', async () => {
    const { status, body } = await page(`/amp/${CONFIGURABLE_SKU}/test-ip17p/${ON_SALE_CHILD}`);
    expect(status).toBe(200);
    expect(body).toContain(`<p class="sku">Код: ${ON_SALE_CHILD}</p>`);
    expect(body).toContain(formatLevInformation(bgnToEurCents(addTax(99_900, VAT))));
    expect(body).toContain(
      `<del class="price__original"><span class="price__amount">${formatEur(bgnToEurCents(addTax(119_900, VAT)))}`,
    );
    expect(body).toContain('Проверете наличните размери');
    expect(body).toContain('<link rel="canonical" href="/test-ip17p-IP17P">');
  });

  it('a grouped product links its showable members’ AMP pages', async () => {
    const { status, body } = await page('/amp/AMP-GROUP/test-amp-group');
    expect(status).toBe(200);
    expect(body).toContain('<a href="/amp/APP3/airpods-pro-3">AirPods Pro 3</a>');
    expect(body).toContain('<a href="/amp/MAGIC-KB-BG/magic-keyboard-touch-id-bg">');
    expect(body).not.toContain('AMP-DISABLED');
  });

  it('a Cyrillic product slug is linked percent-encoded and read back', async () => {
    const path = ampProductPath('AMP-CYR', 'кожен-калъф');
    expect(path).toBe('/amp/AMP-CYR/%D0%BA%D0%BE%D0%B6%D0%B5%D0%BD-%D0%BA%D0%B0%D0%BB%D1%8A%D1%84');
    expect((await page('/amp/iphone')).body).toContain(`<a href="${path}">`);
    const { status, body } = await page(path);
    expect(status).toBe(200);
    expect(body).toContain('<h1>Кожен калъф</h1>');
    expect(body).toContain(
      `<link rel="canonical" href="/%D0%BA%D0%BE%D0%B6%D0%B5%D0%BD-%D0%BA%D0%B0%D0%BB%D1%8A%D1%84-AMP-CYR">`,
    );
  });

  it('a wrong slug or a variant’s sku in the parent’s place moves permanently to the right address', async () => {
    const slug = await page('/amp/APP3/wrong-slug');
    expect(slug.status).toBe(301);
    expect(slug.response.headers.get('location')).toBe('/amp/APP3/airpods-pro-3');
    const variant = await page(`/amp/${ON_SALE_CHILD}/anything`);
    expect(variant.status).toBe(301);
    expect(variant.response.headers.get('location')).toBe(`/amp/${CONFIGURABLE_SKU}/test-ip17p/${ON_SALE_CHILD}`);
  });

  it('unknown, disabled and hidden products, disabled variants and unknown categories are a Bulgarian 404 page', async () => {
    for (const path of [
      '/amp/NO-SUCH-SKU/nothing',
      '/amp/AMP-DISABLED/test-amp-disabled',
      '/amp/AMP-HIDDEN/test-amp-hidden',
      `/amp/${CONFIGURABLE_SKU}/test-ip17p/${DISABLED_CHILD}`,
      '/amp/APP3/airpods-pro-3/APP3',
      '/amp/no-such-category',
      '/amp/outlet',
      '/amp/Not_A_Slug',
    ]) {
      const { status, response, body } = await page(path);
      expect(status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(body, path).toContain('<html lang="bg">');
      expect(body, path).toContain('<h1>Страницата не е намерена</h1>');
      expect(body, path).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('escapes a product name with HTML in it', async () => {
    const { status, body } = await page('/amp/AMP-EVIL/test-amp-evil');
    expect(status).toBe(200);
    expect(body).not.toContain('<script>');
    expect(body).toContain('<h1>&lt;script&gt;alert(&quot;amp&quot;)&lt;/script&gt; Калъф</h1>');
  });
});
