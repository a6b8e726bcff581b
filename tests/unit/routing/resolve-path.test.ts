import { describe, expect, it } from 'vitest';
import { levBoundOfEuro } from '../../../schema/catalog/rules/price-range.ts';
import { LEGACY_REDIRECTS, resolvePath } from '../../../client/catalog/routing/index.ts';
import { categoryPath, productPath, searchPath } from '../../../schema/routing/route-paths.ts';
import { lookups } from './fixtures.ts';

const L = lookups();

describe('spec route table: "/ (alias /pwa.html) | Home"', () => {
  it('reads both', () => {
    expect(resolvePath('/', L)).toEqual({ kind: 'home' });
    expect(resolvePath('/pwa.html', L)).toEqual({ kind: 'home' });
    expect(resolvePath('', L)).toEqual({ kind: 'home' });
  });
});

describe('spec route table: "/{slug} | Category page" and "/{slug}/{filter...} | Category with filters"', () => {
  it('a category without filters', () => {
    expect(resolvePath('/macbook-air', L)).toEqual({
      kind: 'category',
      slug: 'macbook-air',
      categoryId: 10,
      filters: {},
      unknownFilters: [],
      filterPath: '',
    });
    expect(resolvePath('/macbook-air/', L)).toMatchObject({ kind: 'category', slug: 'macbook-air' });
  });

  it('with filters: read, unknown ones reported, the canonical filter path given', () => {
    expect(resolvePath('/macbook-air/ram-16-gb/cena-1000-2000/13-inch/bogus', L)).toEqual({
      kind: 'category',
      slug: 'macbook-air',
      categoryId: 10,
      filters: { ram: ['301'], displey: ['101'] },
      price: { from: levBoundOfEuro(100_000), to: levBoundOfEuro(200_000) },
      unknownFilters: ['bogus'],
      filterPath: '13-inch/cena-1000-2000/ram-16-gb',
    });
  });

  it('the long form /c/{slug} redirects to the short form (short catalogue URLs are on)', () => {
    expect(resolvePath('/c/iphone/cvyat-cheren', L)).toEqual({
      kind: 'redirect',
      to: '/iphone/cvyat-cheren',
      reason: 'canonical',
    });
    expect(resolvePath('/c/no-such', L)).toEqual({ kind: 'not-found' });
  });

  it('a category path built by categoryPath reads back', () => {
    expect(resolvePath(categoryPath('iphone', 'cvyat-cheren'), L)).toMatchObject({
      kind: 'category',
      filters: { cvyat: ['201'] },
    });
  });
});

describe('spec: "If the category lookup fails, the path is treated as a product"', () => {
  it('/{slug}-{parentSku}: a product, Cyrillic slug included (raw or percent-encoded)', () => {
    const expected = { kind: 'product', slug: 'macbook-air-13-inch-м4', parentSku: 'MBA13M4' };
    expect(resolvePath('/macbook-air-13-inch-м4-MBA13M4', L)).toEqual(expected);
    expect(resolvePath(productPath('macbook-air-13-inch-м4', 'MBA13M4'), L)).toEqual(expected);
    expect(productPath('macbook-air-13-inch-м4', 'MBA13M4')).toBe('/macbook-air-13-inch-%D0%BC4-MBA13M4');
  });

  it('imported skus with hyphens: each split is tried from the right, the one matching the slug wins', () => {
    // 'A' is a sku too (of 'adapter'), but only 'MX-2024-A' has the slug 'magic-keyboard'.
    expect(resolvePath('/magic-keyboard-MX-2024-A', L)).toEqual({
      kind: 'product',
      slug: 'magic-keyboard',
      parentSku: 'MX-2024-A',
    });
  });

  it("a known sku under a wrong slug redirects to the product's own path", () => {
    expect(resolvePath('/old-name-MBA13M4', L)).toEqual({
      kind: 'redirect',
      to: productPath('macbook-air-13-inch-м4', 'MBA13M4'),
      reason: 'canonical',
    });
  });

  it('the tile form /{slug}_{sku} is read and redirected to the canonical /{slug}-{sku}', () => {
    expect(resolvePath('/magic-keyboard_MX-2024-A', L)).toEqual({
      kind: 'redirect',
      to: '/magic-keyboard-MX-2024-A',
      reason: 'canonical',
    });
    // Underscores inside a product slug stay part of the slug.
    expect(resolvePath('/slug_with_underscore-SL_1', L)).toEqual({
      kind: 'product',
      slug: 'slug_with_underscore',
      parentSku: 'SL_1',
    });
  });

  it('"/cto:" child route: simple-product-cto with comma-separated options', () => {
    expect(resolvePath('/iphone-17-IP17/cto:101,202', L)).toEqual({
      kind: 'product',
      slug: 'iphone-17',
      parentSku: 'IP17',
      ctoOptions: ['101', '202'],
    });
    expect(resolvePath(productPath('iphone-17', 'IP17', ['a,b', 'c d']), L)).toMatchObject({
      ctoOptions: ['a,b', 'c d'],
    });
    expect(resolvePath('/iphone-17-IP17/cto%3A7', L)).toMatchObject({ ctoOptions: ['7'] });
    expect(resolvePath('/iphone-17-IP17/other', L)).toEqual({ kind: 'not-found' });
  });

  it('an unknown path (no category, no static page, no product) is not found', () => {
    expect(resolvePath('/no-such-thing', L)).toEqual({ kind: 'not-found' });
    expect(resolvePath('/no-such/thing', L)).toEqual({ kind: 'not-found' });
    expect(resolvePath('/-MBA13M4', L)).toEqual({ kind: 'not-found' });
  });
});

describe('spec: "A configurable product reached through a different parent redirects to the parent\'s route."', () => {
  it("a child sku redirects to its parent's path with that variant chosen (?childSku=), cto options kept", () => {
    // The variant's own address opens the configurable product with that variant chosen (issue 29, item 17).
    expect(resolvePath('/iphone-17-256-cheren-IP17-256-BLK', L)).toEqual({
      kind: 'redirect',
      to: '/iphone-17-IP17?childSku=IP17-256-BLK',
      reason: 'parent',
    });
    expect(resolvePath('/iphone-17-IP17-256-BLK/cto:1', L)).toEqual({
      kind: 'redirect',
      to: '/iphone-17-IP17/cto:1',
      reason: 'parent',
    });
  });
});

describe('spec route table: "/search={keywords} and /search={keywords}/category={category}"', () => {
  it('reads keywords and the category, decoded', () => {
    expect(resolvePath('/search=macbook%20air', L)).toEqual({ kind: 'search', keywords: 'macbook air' });
    expect(resolvePath('/search=iphone/category=aksesoari', L)).toEqual({
      kind: 'search',
      keywords: 'iphone',
      category: 'aksesoari',
    });
    expect(resolvePath(searchPath('a/b = c', 'iphone'), L)).toEqual({
      kind: 'search',
      keywords: 'a/b = c',
      category: 'iphone',
    });
    expect(resolvePath('/search=x/other', L)).toEqual({ kind: 'not-found' });
  });
});

describe('spec route table: the five flag pages "filtered by a flag: new, sale, pre-order, bundle, special-offers"', () => {
  it.each([
    ['/new-apple-products', 'new'],
    ['/promo-apple-products', 'sale'],
    ['/pre-orders-apple', 'pre-order'],
    ['/komplekti', 'bundle'],
    ['/special-offers', 'special-offers'],
  ])('%s -> %s', (path, flag) => {
    expect(resolvePath(path, L)).toMatchObject({ kind: 'flag', flag, slug: path.slice(1), filters: {} });
  });

  it('a flag page takes filter segments like a category', () => {
    expect(resolvePath('/komplekti/cvyat-cheren', L)).toMatchObject({ kind: 'flag', filters: { cvyat: ['201'] } });
  });
});

describe('spec route table: "/compare", "/sitemap, /error, /page-not-found", "/posts/sell, /posts/view/{id}"', () => {
  it('utility pages and ads', () => {
    expect(resolvePath('/compare', L)).toEqual({ kind: 'compare' });
    expect(resolvePath('/sitemap', L)).toEqual({ kind: 'sitemap' });
    expect(resolvePath('/error', L)).toEqual({ kind: 'error' });
    expect(resolvePath('/page-not-found', L)).toEqual({ kind: 'not-found' });
    expect(resolvePath('/compare/x', L)).toEqual({ kind: 'not-found' });
    expect(resolvePath('/posts/sell', L)).toEqual({ kind: 'ads' });
    expect(resolvePath('/posts/view/42', L)).toEqual({ kind: 'ad', id: '42' });
    expect(resolvePath('/posts/other', L)).toEqual({ kind: 'not-found' });
  });
});

describe('spec route table: "about 40 static pages at /{slug}"', () => {
  it('a static page when no category has the slug', () => {
    expect(resolvePath('/guarantee', L)).toEqual({ kind: 'static', slug: 'guarantee' });
    expect(resolvePath('/guarantee/x', L)).toEqual({ kind: 'not-found' });
  });

  it('a category wins over a static page of the same slug', () => {
    const both = lookups({ isStaticPage: () => true });
    expect(resolvePath('/iphone', both)).toMatchObject({ kind: 'category' });
  });
});

describe('spec: "Legacy redirects map old paths to current category paths, for example /apple-macbookair to /macbook-air and /apple-iphone to /iphone"', () => {
  it('the spec examples', () => {
    expect(resolvePath('/apple-macbookair', L)).toEqual({ kind: 'redirect', to: '/macbook-air', reason: 'legacy' });
    expect(resolvePath('/apple-iphone', L)).toEqual({ kind: 'redirect', to: '/iphone', reason: 'legacy' });
  });

  it('filters after the old segment are kept', () => {
    expect(resolvePath('/apple-iphone/cvyat-cheren', L)).toEqual({
      kind: 'redirect',
      to: '/iphone/cvyat-cheren',
      reason: 'legacy',
    });
  });

  it('every table target is a category slug the spec lists, and no key is itself a target', () => {
    const specSlugs = new Set(
      'laptopi desktopi tableti telefoni aksesoari macbook macbook-pro macbook-air mac imac imac-pro mac-mini mac-pro ipad ipad-mini ipad-air ipad-pro ipod-touch iphone apple-tv apple-watch software keyboards-magic-mouse airpods homepod outlet external-ssd egpu-pcie'.split(
        ' ',
      ),
    );
    for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
      expect(specSlugs.has(to), to).toBe(true);
      expect(specSlugs.has(from), from).toBe(false);
    }
    expect(Object.keys(LEGACY_REDIRECTS).length).toBeGreaterThanOrEqual(14);
  });

  it('a current category wins over a stale legacy entry; the table is replaceable', () => {
    const custom = lookups({ legacyRedirects: { iphone: 'ipad', 'old-mac': 'macbook-pro' } });
    expect(resolvePath('/iphone', custom)).toMatchObject({ kind: 'category', slug: 'iphone' });
    expect(resolvePath('/old-mac', custom)).toEqual({ kind: 'redirect', to: '/macbook-pro', reason: 'legacy' });
    expect(resolvePath('/apple-iphone', custom)).toEqual({ kind: 'not-found' });
  });
});
