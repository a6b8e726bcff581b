import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bgnToEurCents } from '../../schema/money/currency.ts';
import { addTax } from '../../schema/catalog/tax.ts';
import type { MenuItem } from '../../schema/catalog/menu-tree.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import {
  CONFIGURABLE_SKU,
  configurableIphone,
  emptySnapshot,
  EXPIRED_SALE_CHILD,
  ON_SALE_CHILD,
  testProduct,
} from './catalog-fixtures.ts';

// The answers are JSON read field by field in the assertions below; typing each shape would add nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Answer<Result = Json> {
  status: number;
  body: { code: number; result: Result };
}

/** The demo catalogue plus what these tests need: a configurable product, hidden ones, iPads, posts, reviews. */
const additions = () => ({
  ...emptySnapshot(),
  products: [
    configurableIphone(),
    testProduct({ id: 200, sku: 'OLD-DISABLED', status: 2 }),
    testProduct({ id: 201, sku: 'HIDDEN-VARIANT', visibility: 1 }),
    testProduct({
      id: 202,
      sku: 'LINKY',
      name: 'Калъф с връзки',
      product_links: ['LINKY', 'APP3', 'OLD-DISABLED', 'IP17-256-BLK', 'APP3'].map((sku, position) => ({
        link_type: 'related',
        linked_product_sku: sku,
        position,
      })),
    }),
    testProduct({ id: 203, sku: 'BUNDLE-1', type_id: 'bundle', name: 'Комплект MacBook' }),
    // Visible on its own (a variant sold separately), with its parent's sku.
    testProduct({ id: 204, sku: 'LINKY-RED', parentSku: 'LINKY', name: 'Калъф с връзки, червен', is_old: 1 }),
    ...Array.from({ length: 10 }, (_, i) =>
      testProduct({
        id: 300 + i,
        sku: `IPAD-T${i}`,
        name: `iPad тест ${i}`,
        category_ids: [7, 8],
        category: [{ category_id: 8, name: 'iPad Air', slug: 'ipad-air' }],
      }),
    ),
  ],
  blogPosts: Array.from({ length: 8 }, (_, i) => ({
    id: 10 + i,
    slug: `mac-post-${i}`,
    title: `Mac публикация ${i}`,
    excerpt: '',
    content: '',
    image: '',
    tags: ['mac'],
    published_at: new Date(Date.UTC(2025, 10, 1 + i)).toISOString(),
  })),
  reviews: [
    {
      id: 50,
      product_id: 7,
      title: 'Отхвърлен',
      detail: '',
      nickname: 'X',
      rating: 1,
      review_status: 3,
      created_at: '2025-10-01',
    },
  ],
});

describe(`the catalogue API (${storeKind})`, () => {
  let server: RunningServer;
  const get = async <Result = Json>(path: string): Promise<Answer<Result>> => {
    const response = await fetch(server.url + path);
    return { status: response.status, body: await response.json() };
  };
  const post = async <Result = Json>(path: string, body?: unknown): Promise<Answer<Result>> => {
    const response = await fetch(server.url + path, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    server = await startTestServer(undefined, 'off');
    await writeCatalog(server.db, additions());
    await server.search.catchUp();
  });
  afterAll(async () => {
    await server.close();
  });

  it('init: contact info, colours, slider, top and bundle products, footer menu, category grid, office ip', async () => {
    const { status, body } = await get('/api/catalog/init');
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const r = body.result;
    expect(r.contact_info).toMatchObject({ identifier: 'contact_info', title: 'Контакти' });
    expect(r.colors.map((c: { slug: string }) => c.slug)).toContain('cheren');
    expect(r.slider_images.map((b: { title: string }) => b.title)).toEqual(['iPhone 17 Pro', 'MacBook Air M4']);
    // Promo, listable and in stock, each category in turn (the two MacBooks share theirs), then by id.
    expect(r.top_products.map((p: { sku: string }) => p.sku)).toEqual([
      'MBA13-M4-16-256',
      'IP17PM-512-ORG',
      'APP3',
      'MBP14-M4P-24-1TB',
    ]);
    // The fixture's bundle and the demo catalogue's own.
    expect(r.bundle_products.map((p: { sku: string }) => p.sku)).toEqual(['BUNDLE-1', 'BNDL-MBA-APP3']);
    expect(r.footer_menu.categories.map((c: { slug: string }) => c.slug)).toEqual([
      'macbook',
      'iphone',
      'ipad',
      'apple-watch',
      'aksesoari',
    ]);
    expect(r.footer_menu.pages.map((p: { url: string }) => p.url)).toEqual(['/about-us', '/guarantee', '/delivery']);
    expect(r.categories_grid.map((c: { slug: string }) => c.slug)).toEqual(['macbook', 'iphone', 'ipad']);
    expect(r.office_ip).toBe('');
    // The menu bar with its submenus, as a first visit draws it before the device holds the catalogue.
    const menu = r.menu as MenuItem[];
    expect(menu.map((m) => m.href)).toEqual(['/macbook', '/iphone', '/ipad', '/apple-watch', '/aksesoari']);
    expect(menu[0]?.children.map((m) => m.href)).toEqual(['/macbook-pro', '/macbook-air']);
  });

  it('init carries the English names beside the Bulgarian ones (issue 19)', async () => {
    const r = (await get('/api/catalog/init')).body.result;
    expect(r.footer_menu.categories.find((c: { slug: string }) => c.slug === 'aksesoari')).toMatchObject({
      name: 'Аксесоари',
      name_en: 'Accessories',
    });
    expect(r.categories_grid[0]).toMatchObject({ name: 'MacBook', name_en: 'MacBook' });
    expect(r.colors.find((c: { slug: string }) => c.slug === 'cheren')).toMatchObject({ label_en: 'Black' });
    const categories = (await get('/api/catalog/categories')).body.result.items;
    expect(categories.find((c: { id: number }) => c.id === 12)?.name_en).toBe('Keyboards and Magic Mouse');
  });

  it('category list: active only, by position, each with its active children built on read', async () => {
    const { body } = await get('/api/catalog/categories');
    const ids = body.result.items.map((c: { id: number }) => c.id);
    expect(ids).toEqual([2, 3, 5, 8, 11, 4, 6, 12, 7, 9, 10]);
    expect(ids).not.toContain(13); // Outlet is inactive
    expect(body.result.total).toBe(11);
    const macbook = body.result.items.find((c: { id: number }) => c.id === 3);
    expect(macbook.children_data.map((c: { slug: string }) => c.slug)).toEqual(['macbook-pro', 'macbook-air']);
    expect(macbook.children_count).toBe(2);

    const tree = await get('/api/catalog/categories?tree=1');
    expect(tree.body.result.items.map((c: { slug: string }) => c.slug)).toEqual([
      'macbook',
      'iphone',
      'ipad',
      'apple-watch',
      'aksesoari',
    ]);
    const accessories = tree.body.result.items.at(-1);
    expect(accessories.children_data.map((c: { slug: string }) => c.slug)).toEqual([
      'airpods',
      'keyboards-magic-mouse',
    ]);

    const page = await get('/api/catalog/categories?parent_id=3&size=1&from=1');
    expect(page.body.result).toMatchObject({ total: 2, start: 1, perPage: 1 });
    expect(page.body.result.items.map((c: { slug: string }) => c.slug)).toEqual(['macbook-air']);
  });

  it('category single by slug or url_key; an inactive or unknown one is a 404', async () => {
    expect((await get('/api/catalog/category?slug=macbook-air')).body.result).toMatchObject({
      id: 4,
      name: 'MacBook Air',
    });
    const iphone = await get('/api/catalog/category?url_key=iphone');
    expect(iphone.body.result.id).toBe(6);
    expect(await get('/api/catalog/category?slug=outlet')).toMatchObject({ status: 404, body: { code: 404 } });
    expect(await get('/api/catalog/category?slug=no-such')).toMatchObject({ status: 404, body: { code: 404 } });
  });

  it('attributes by position, or only the codes asked for', async () => {
    const all = await get('/api/catalog/attributes');
    expect(all.body.result.items.map((a: { attribute_code: string }) => a.attribute_code)).toEqual([
      'cvyat',
      'disk',
      'ram',
    ]);
    const some = await get('/api/catalog/attributes?codes=ram,cvyat');
    expect(some.body.result.items.map((a: { attribute_code: string }) => a.attribute_code)).toEqual(['cvyat', 'ram']);
  });

  it('product single by sku; disabled (status 2+) and not-visible (visibility 1) products are 404', async () => {
    const app = await get('/api/catalog/products/APP3');
    expect(app.status).toBe(200);
    expect(app.body.result).toMatchObject({ sku: 'APP3', price: 41_583, priceInclTax: 49_900, priceTax: 8_317 });
    for (const sku of ['OLD-DISABLED', 'HIDDEN-VARIANT', 'NO-SUCH-SKU']) {
      const answer = await get(`/api/catalog/products/${sku}`);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe(404);
      expect(typeof answer.body.result).toBe('string');
    }
  });

  it('products by skus: every sku guess of an address in one answer, variants with their parents', async () => {
    const answer = await get('/api/catalog/products?skus=NO-SUCH-SKU,APP3,OLD-DISABLED,HIDDEN-VARIANT,LINKY-RED,APP3');
    expect(answer.status).toBe(200);
    const items = answer.body.result.items as { sku: string; priceInclTax: number }[];
    expect(items.map((p) => p.sku).sort()).toEqual(['APP3', 'LINKY', 'LINKY-RED']);
    expect(items.find((p) => p.sku === 'APP3')?.priceInclTax).toBe(49_900);

    const tooMany = await get(`/api/catalog/products?skus=${Array.from({ length: 21 }, (_, i) => `S${i}`).join(',')}`);
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('skus');
  });

  it('related products: linked skus first (never itself, disabled or twice), else the same categories, at most 8', async () => {
    const linked = await get('/api/catalog/products/LINKY/related');
    expect(linked.body.result.items.map((p: { sku: string }) => p.sku)).toEqual(['APP3', 'IP17-256-BLK']);

    // No links: nine asked from its categories (itself among them), eight shown.
    const byCategory = await get('/api/catalog/products/IPADAIR11-M3-128/related');
    const skus = byCategory.body.result.items.map((p: { sku: string }) => p.sku);
    expect(skus).toHaveLength(8);
    expect(skus).not.toContain('IPADAIR11-M3-128');
    expect(new Set(skus).size).toBe(8);
    expect(skus).toEqual(Array.from({ length: 8 }, (_, i) => `IPAD-T${i}`));
  });

  it('render-list: prices as of now with VAT from the tax rules, a signature per sku, unknown and disabled left out', async () => {
    const path = `/api/products/render-list?skus=APP3,${ON_SALE_CHILD},${EXPIRED_SALE_CHILD},${CONFIGURABLE_SKU},OLD-DISABLED,NOPE&currencyCode=BGN&storeId=1`;
    const { body } = await get(path);
    const bySku = new Map(body.result.items.map((i: { sku: string }) => [i.sku, i]));
    expect([...bySku.keys()]).toEqual(['APP3', ON_SALE_CHILD, EXPIRED_SALE_CHILD, CONFIGURABLE_SKU]);
    expect(bySku.get('APP3')).toMatchObject({
      id: 7,
      price_info: {
        final_price: 41_583,
        regular_price: 41_583,
        special_price: null,
        tax_adjustments: { final_price: 49_900, regular_price: 49_900, special_price: null },
      },
    });
    // The special price applies inside its window...
    expect(bySku.get(ON_SALE_CHILD)).toMatchObject({
      id: 101,
      price_info: {
        final_price: 99_900,
        regular_price: 119_900,
        special_price: 99_900,
        tax_adjustments: { final_price: addTax(99_900, 20), regular_price: addTax(119_900, 20) },
      },
    });
    // ...and not after it ended.
    expect(bySku.get(EXPIRED_SALE_CHILD)).toMatchObject({
      price_info: { final_price: 149_900, special_price: null, tax_adjustments: { final_price: 179_880 } },
    });
    // A configurable parent costs its cheapest enabled variant.
    expect(bySku.get(CONFIGURABLE_SKU)).toMatchObject({ id: 100, price_info: { final_price: 99_900 } });
    expect((bySku.get('APP3') as { sgn: string }).sgn).toMatch(/^[0-9a-f]{64}$/);

    const again = await get(path);
    expect(again.body.result.items.map((i: { sgn: string }) => i.sgn)).toEqual(
      body.result.items.map((i: { sgn: string }) => i.sgn),
    );
    const eur = await get('/api/products/render-list?skus=APP3&currencyCode=EUR');
    expect(eur.body.result.items[0].price_info.tax_adjustments.final_price).toBe(bgnToEurCents(49_900));
    expect(eur.body.result.items[0].sgn).not.toBe((bySku.get('APP3') as { sgn: string }).sgn);
  });

  it('stock check by sku, by category and by keywords; stock list by skus', async () => {
    const app = await get('/api/stock/check?sku=APP3');
    expect(app.body).toEqual({
      code: 200,
      result: [
        {
          product_id: 7,
          sku: 'APP3',
          is_in_stock: true,
          qty: 50,
          filter_options: { 'In stock': true },
          stock_icon: 'in-stock',
        },
      ],
    });
    const keyboard = await get('/api/stock/check?sku=MAGIC-KB-BG');
    expect(keyboard.body.result[0]).toMatchObject({ is_in_stock: false, qty: 0, stock_icon: 'on-request' });
    const child = await get(`/api/stock/check?sku=${ON_SALE_CHILD}`);
    expect(child.body.result[0]).toMatchObject({ product_id: 101, sku: ON_SALE_CHILD, is_in_stock: true, qty: 5 });

    const iphones = await get('/api/stock/check?category=6');
    const skus = iphones.body.result.map((i: { sku: string }) => i.sku);
    expect(skus).toEqual(expect.arrayContaining(['IP17-256-BLK', 'IP17PM-512-ORG', CONFIGURABLE_SKU]));
    expect(skus).not.toContain('OLD-DISABLED');
    expect(skus).not.toContain('APP3');

    const airpods = await get('/api/stock/check?keywords=airpods');
    // AirPods Pro 3, and the demo bundle that has them in its name.
    expect(airpods.body.result.map((i: { sku: string }) => i.sku)).toEqual(['APP3', 'BNDL-MBA-APP3']);

    const list = await get(`/api/stock/list?skus=APP3,MAGIC-KB-BG,${ON_SALE_CHILD},NOPE`);
    expect(list.body.result.items).toEqual([
      { product_id: 7, sku: 'APP3', is_in_stock: true, qty: 50 },
      { product_id: 8, sku: 'MAGIC-KB-BG', is_in_stock: false, qty: 0 },
      { product_id: 101, sku: ON_SALE_CHILD, is_in_stock: true, qty: 5 },
    ]);
  });

  it('CMS: page single by slug, pages and blocks by id and by identifier; inactive ones are 404', async () => {
    const about = await post('/api/pages/single', { slug: 'about-us' });
    expect(about).toMatchObject({ status: 200, body: { code: 200, result: { id: 1, title: 'За нас' } } });
    expect((await post('/api/pages/single', { slug: 'summer-2024' })).status).toBe(404);
    // The app's lookup of an address that names no product: the page, or null without a 404.
    expect((await get('/api/pages/find?slug=about-us')).body.result).toMatchObject({ id: 1, title: 'За нас' });
    expect(await get('/api/pages/find?slug=summer-2024')).toMatchObject({ status: 200, body: { result: null } });

    expect((await get('/api/ext/cms-data/cmsPage/2')).body.result).toMatchObject({ id: 2, slug: 'guarantee' });
    expect((await get('/api/ext/cms-data/cmsBlock/1')).body.result).toMatchObject({ identifier: 'contact_info' });
    expect((await get('/api/ext/cms-data/cmsPageIdentifier/delivery/1')).body.result).toMatchObject({ id: 3 });
    expect((await get('/api/ext/cms-data/cmsBlockIdentifier/footer_links/1')).body.result).toMatchObject({ id: 2 });
    expect((await get('/api/ext/cms-data/cmsPage/4')).status).toBe(404);
    expect((await get('/api/ext/cms-data/cmsBlockIdentifier/nope/1')).status).toBe(404);
  });

  it('sitemap: active categories, listable products and active pages', async () => {
    const { status, body } = await post('/api/sitemap');
    expect(status).toBe(200);
    const urls = body.result.items.map((i: { url: string }) => i.url);
    expect(urls).toEqual(expect.arrayContaining(['/macbook', '/macbook-air', '/about-us', '/airpods-pro-3-APP3']));
    for (const absent of ['/outlet', '/apple-store', '/summer-2024', '/test-old-disabled-OLD-DISABLED']) {
      expect(urls).not.toContain(absent);
    }
    expect(urls).not.toContain('/test-hidden-variant-HIDDEN-VARIANT');
    expect(body.result.items.find((i: { url: string }) => i.url === '/macbook').type).toBe('category');
  });

  it('blog: the 6 latest posts of a tag, newest first', async () => {
    const { body } = await get('/api/blog/posts?tag=mac&time=1700000000000');
    const posts = body.result.items as { slug: string; tags: string[]; published_at: string }[];
    expect(posts.map((p) => p.slug)).toEqual([7, 6, 5, 4, 3, 2].map((i) => `mac-post-${i}`));
    expect(posts.every((p) => p.tags.includes('mac'))).toBe(true);
    const iphone = await get('/api/blog/posts?tag=iphone');
    expect(iphone.body.result.items.map((p: { slug: string }) => p.slug)).toEqual([
      'airpods-pro-3-tips',
      'iphone-17-review',
    ]);
    expect((await get('/api/blog/posts')).body.result.items).toHaveLength(6);
  });

  it('reviews: only the approved ones (review_status 1) of the product', async () => {
    const { body } = await get('/api/review/list?product_id=7');
    expect(body.result.total).toBe(2);
    expect(body.result.items.map((r: { id: number }) => r.id).sort()).toEqual([1, 2]);
    expect(body.result.items.every((r: { review_status: number }) => r.review_status === 1)).toBe(true);
  });

  it('search: a text query and a category listing through the search engine', async () => {
    const text = await post('/api/catalog/search', { text: 'airpods', mode: 'search' });
    expect(text.status).toBe(200);
    expect(text.body.result.items.map((p: { sku: string }) => p.sku)).toContain('APP3');
    const listing = await post('/api/catalog/search', { categoryId: 3, sort: 'price-asc' });
    // The demo bundle and grouped product sit between the two MacBooks by price.
    expect(listing.body.result.items.map((p: { sku: string }) => p.sku)).toEqual([
      'MBA13-M4-16-256',
      'BNDL-MBA-APP3',
      'GRP-MBA-IPAD',
      'MBP14-M4P-24-1TB',
    ]);
    expect(listing.body.result).toMatchObject({ total: 4, start: 0, perPage: 50 });
  });

  it('product pictures: every catalogue sku, configurable children included, as SVG; unknown skus are 404', async () => {
    for (const sku of ['APP3', ON_SALE_CHILD, 'IPAD-T3']) {
      const response = await fetch(`${server.url}/images/products/${sku}.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      expect(await response.text()).toMatch(/^<svg /);
    }
    expect((await fetch(`${server.url}/images/products/NO-SUCH.svg`)).status).toBe(404);
  });

  it('a bad query or body is a 400 naming the field, and changes nothing', async () => {
    const [before] = await server.db.query<{ value: number }>('SELECT value FROM sync_counter');
    const cases: [Promise<Answer>, string][] = [
      [get('/api/stock/check?keywords=ai'), 'keywords'],
      [get('/api/stock/check'), 'sku'],
      [get('/api/stock/check?sku=APP3&category=6'), 'sku'],
      [get('/api/stock/check?category=abc'), 'category'],
      [get('/api/stock/check?category='), 'category'],
      [get('/api/stock/list'), 'skus'],
      [get('/api/products/render-list?skus=APP3&currencyCode=USD'), 'currencyCode'],
      [get('/api/catalog/category'), 'slug'],
      [get('/api/catalog/categories?size=5000'), 'size'],
      [get('/api/catalog/categories?tree=maybe'), 'tree'],
      [get('/api/review/list'), 'product_id'],
      [get('/api/review/list?product_id=seven'), 'product_id'],
      [get('/api/blog/posts?tag='), 'tag'],
      [get('/api/ext/cms-data/cmsPage/abc'), 'cmsId'],
      [post('/api/pages/single', {}), 'slug'],
      [get('/api/pages/find'), 'slug'],
      [post('/api/pages/single', { slug: 'about-us', extra: 1 }), 'extra'],
      [post('/api/sitemap', { everything: true }), 'everything'],
      [post('/api/catalog/search', { perPage: 'ten' }), 'perPage'],
      [post('/api/catalog/search', { sort: 'name' }), 'sort'],
    ];
    for (const [answer, field] of cases) {
      const { status, body } = await answer;
      expect({ status, code: body.code, field: body.result.field }).toEqual({ status: 400, code: 400, field });
      expect(body.result.error).toContain(field);
    }
    const [after] = await server.db.query<{ value: number }>('SELECT value FROM sync_counter');
    expect(after).toEqual(before);
  });
});
