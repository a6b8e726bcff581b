import { describe, expect, it } from 'vitest';
import { bg } from '../../../client/i18n/bg.ts';
import { bootSearchKey, searchPageQuery } from '../../../schema/catalog/listing-query.ts';
import { productLookupPath, skuCandidates } from '../../../schema/catalog/rules/product-address.ts';
import { firstViewFor } from '../../../sync-server/http/first-view.ts';
import { priceDisplayOf, SEARCH_TEXTS } from '../../../sync-server/http/listing-first-view.ts';
import { PRODUCT_TEXTS } from '../../../sync-server/http/product-first-view.ts';
import { TILE_TEXTS } from '../../../sync-server/http/tile-html.ts';
import { CATEGORIES, IPHONE, IPHONE_PRO, SALE, product } from '../search/fixtures.ts';
import { ATTRIBUTES } from '../routing/fixtures.ts';
import { bootSearchFor } from '../../../sync-server/http/boot-search.ts';
import { CATEGORY_TEXTS } from '../../../sync-server/http/category-first-view.ts';

/** On sale whenever the test runs (the server draws with the time it sends the page at). */
const ON_SALE = { ...SALE, special_from_date: '2026-01-01', special_to_date: '2099-12-31' };

/** The search answer the server embeds for `/search={keywords}` (boot-data.ts). */
const searchAnswers = (keywords: string, items: unknown[], total = items.length) => ({
  [bootSearchKey(searchPageQuery(keywords)!)]: { code: 200, result: { items, total } },
});

const productAnswers = (segment: string, items: unknown[]) => ({
  [productLookupPath(skuCandidates(segment))]: { code: 200, result: { items } },
});

describe('the search page drawn by the server before the app', () => {
  it('shows the heading, the count and each product with its price, as a guest sees them', () => {
    const view = firstViewFor(
      `/search=${encodeURIComponent('айфон ')}`,
      searchAnswers('айфон ', [IPHONE, ON_SALE], 7),
      'EUR',
    );
    expect(view?.html).toContain('<h1 class="page__title">Търсене: айфон</h1>');
    expect(view?.html).toContain('<p class="search-page__count" role="status">Намерени са 7 продукта</p>');
    expect(view?.html).toContain(`>${IPHONE.name}</a></h2>`);
    // A special price in force: the sale badge, the special price and the original struck through, euro first.
    expect(view?.html).toMatch(/listing-badge--sale[^>]*>Промо</);
    expect(view?.html).toMatch(/<span class="price__primary">919,81\s€<\/span>/);
    expect(view?.html).toMatch(
      /<del class="listing-tile__original"><span class="price price--md"><span class="price__primary">1\s124,33\s€/,
    );
  });

  it('prices in the shop’s display: leva first when the build says so', () => {
    const view = firstViewFor('/search=iphone', searchAnswers('iphone', [IPHONE]), 'BGN');
    expect(view?.html).toMatch(/<span class="price__primary">[\d\s ]+,\d\d\u00a0лв\.<\/span>/);
  });

  it('one product reads in the singular; none says so', () => {
    expect(firstViewFor('/search=iphone', searchAnswers('iphone', [IPHONE]))?.html).toContain('Намерен е 1 продукт<');
    expect(firstViewFor('/search=zzzz', searchAnswers('zzzz', []))?.html).toContain(
      '<p class="banner banner--warning">Няма намерени продукти.</p>',
    );
  });

  it('draws nothing without the answer, for a term too short to search, or for an answer it cannot read', () => {
    expect(firstViewFor('/search=iphone', {})).toBeUndefined();
    expect(firstViewFor('/search=ip', {})).toBeUndefined();
    expect(firstViewFor('/search=iphone', searchAnswers('iphone', [{ sku: 'x' }]))).toBeUndefined();
    expect(firstViewFor('/search=iphone/category=mac', searchAnswers('iphone', [IPHONE]))).toBeUndefined();
  });

  it('escapes what the shopper typed and what the catalogue holds', () => {
    const keywords = '<img src=x onerror=alert(1)>';
    const sneaky = product({ id: 9, sku: 'X-1', name: '<script>alert(1)</script>', categoryId: 12, gross: 100 });
    const html = firstViewFor(`/search=${encodeURIComponent(keywords)}`, searchAnswers(keywords, [sneaky]))?.html;
    expect(html).toContain('Търсене: &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<img src=x/);
  });

  it('preloads the first pictures', () => {
    const pictured = product({ id: 10, sku: 'P-1', name: 'iPhone', categoryId: 12, gross: 100, image: '/a.jpg' });
    expect(firstViewFor('/search=iphone', searchAnswers('iphone', [pictured]))?.pictures).toHaveLength(1);
  });
});

describe('a product page drawn by the server before the app', () => {
  const pictured = product({
    id: 11,
    sku: 'IP17-256-BLK',
    name: 'iPhone 17, 256 GB, черен',
    categoryId: 20,
    gross: 189_900,
    image: '/catalog/ip17.jpg',
    slug: 'iphone-17-256',
  });

  it('shows its breadcrumbs, its picture and its name, and preloads the picture', () => {
    const view = firstViewFor('/iphone-17-256-IP17-256-BLK', productAnswers('iphone-17-256-IP17-256-BLK', [pictured]));
    expect(view?.html).toContain('<h1 class="page__title product-page__title">iPhone 17, 256 GB, черен</h1>');
    expect(view?.html).toContain('<li aria-current="page">iPhone 17, 256 GB, черен</li>');
    expect(view?.html).toContain('class="product-image product-page__image"');
    expect(view?.pictures).toHaveLength(1);
  });

  it('none for an address naming no product, a disabled one, or a configurable one (its picture is a variant’s)', () => {
    expect(
      firstViewFor('/iphone-17-256-IP17-256-RED', productAnswers('iphone-17-256-IP17-256-RED', [pictured])),
    ).toBeUndefined();
    const disabled = { ...pictured, status: 2 };
    expect(
      firstViewFor('/iphone-17-256-IP17-256-BLK', productAnswers('iphone-17-256-IP17-256-BLK', [disabled])),
    ).toBeUndefined();
    const configurable = { ...pictured, type_id: 'configurable' };
    expect(
      firstViewFor('/iphone-17-256-IP17-256-BLK', productAnswers('iphone-17-256-IP17-256-BLK', [configurable])),
    ).toBeUndefined();
  });
});

describe('a category page drawn by the server before the app', () => {
  const lists = {
    '/api/catalog/categories': { code: 200, result: { items: CATEGORIES } },
    '/api/catalog/attributes': { code: 200, result: { items: ATTRIBUTES } },
  };
  const answersFor = (path: string, search: string, items: unknown[], total = items.length) => ({
    ...lists,
    [bootSearchKey(bootSearchFor(path, search, lists)!)]: { code: 200, result: { items, total } },
  });

  it('shows the heading, the controls, the count and the tiles, as a guest sees them', () => {
    const html = firstViewFor('/iphone', answersFor('/iphone', '', [IPHONE, IPHONE_PRO], 2), 'EUR', '')?.html;
    expect(html).toContain('<h1 class="page__title">iPhone</h1>');
    expect(html).toContain('<p class="listing-page__count" role="status">2 продукта</p>');
    expect(html).toContain(`>${IPHONE.name}</a></h2>`);
    expect(html).toContain('<option value="default" selected>Препоръчани</option>');
    expect(html).toContain('aria-haspopup="dialog" aria-expanded="false">Филтри</button>');
  });

  it('the sort and the filters of the address: the chosen sort selected, the filter count on the button', () => {
    const path = '/macbook-air/13-inch/cvyat-cheren';
    const html = firstViewFor(path, answersFor(path, '?sort=price-desc', [SALE]), 'EUR', '?sort=price-desc')?.html;
    expect(html).toContain('<option value="price-desc" selected>Цена: низходящо</option>');
    expect(html).toContain('>Филтри (2)</button>');
    expect(html).toContain('<li aria-current="page">MacBook Air</li>');
  });

  it('none for an unknown or inactive category, or without its search', () => {
    expect(firstViewFor('/ipad', answersFor('/iphone', '', [IPHONE]), 'EUR', '')).toBeUndefined();
    expect(firstViewFor('/iphone', lists, 'EUR', '')).toBeUndefined();
  });
});

describe('the first views say what the app says', () => {
  it('the Bulgarian dictionaries’ texts', () => {
    expect(SEARCH_TEXTS).toEqual({
      pageTitle: bg.search.pageTitle,
      found_one: bg.search.found_one,
      found_other: bg.search.found_other,
      none: bg.search.none,
    });
    expect(PRODUCT_TEXTS).toEqual({
      home: bg.listing.home,
      breadcrumbs: bg.listing.breadcrumbs,
      zoom: bg.product.gallery.zoom,
      thumbnails: bg.product.gallery.thumbnails,
      show: bg.product.gallery.show,
    });
    expect(CATEGORY_TEXTS).toEqual({
      home: bg.listing.home,
      breadcrumbs: bg.listing.breadcrumbs,
      filters: bg.listing.filters,
      filtersWithCount: bg.listing.filtersWithCount,
      sortLabel: bg.listing.sort.label,
      sort: {
        default: bg.listing.sort.default,
        'price-asc': bg.listing.sort['price-asc'],
        'price-desc': bg.listing.sort['price-desc'],
      },
      viewLabel: bg.listing.view.label,
      view: { grid: bg.listing.view.grid, list: bg.listing.view.list },
      count_one: bg.listing.count_one,
      count_other: bg.listing.count_other,
      empty: bg.listing.empty,
    });
    expect(TILE_TEXTS).toEqual({
      badgesLabel: bg.listing.badges.label,
      badges: {
        sale: bg.listing.badges.sale,
        new: bg.listing.badges.new,
        bundle: bg.listing.badges.bundle,
        eol: bg.listing.badges.eol,
      },
      availability: bg.listing.availability,
      sku: bg.listing.sku,
      priceAwaited: bg.listing.priceAwaited,
      priceUnknown: bg.catalog.priceUnknown,
      specialPrice: bg.listing.specialPrice,
      originalPrice: bg.listing.originalPrice,
      yourPrice: bg.tierPrices.yourPrice,
      bundleContents: bg.listing.bundleContents,
      wishlist: bg.shortlistsUi.toggle.wishlist,
      wishlistLabel: bg.shortlistsUi.toggle.wishlistLabel,
      compare: bg.shortlistsUi.toggle.compare,
      compareLabel: bg.shortlistsUi.toggle.compareLabel,
    });
  });

  it('the price display the build wrote into the page; euro first, the app’s default, otherwise', () => {
    expect(priceDisplayOf('<meta name="price-display" content="BGN" />')).toBe('BGN');
    expect(priceDisplayOf('<meta name="price-display" content="EUR-only" />')).toBe('EUR-only');
    expect(priceDisplayOf('<meta name="price-display" content="lev" />')).toBe('EUR');
    expect(priceDisplayOf('<html></html>')).toBe('EUR');
  });
});
