import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from '../../../schema/catalog/attribute.ts';
import { AVAILABILITY_STATUSES } from '../../../schema/catalog/availability.ts';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { ROOT_CATEGORY_ID } from '../../../schema/catalog/category.ts';
import { productSlug } from '../../../schema/catalog/slug.ts';
import type { CatalogSnapshot } from '../../../schema/catalog/snapshot.ts';
import { catalogSnapshotSchema } from '../../../schema/catalog/snapshot.ts';
import { addTax } from '../../../schema/catalog/tax.ts';
import {
  DEFAULT_PRODUCT_COUNT,
  generateCatalog,
  isSellable,
  productQuotas,
  summarize,
} from '../../../tools/catalog/generate-catalog.ts';
import { defaultCatalog, NOW, SEED } from './catalog-fixture.ts';

const CYRILLIC = /[\u0400-\u04ff]/;
const SPEC_CATEGORY_SLUGS = [
  'laptopi',
  'desktopi',
  'tableti',
  'telefoni',
  'aksesoari',
  'macbook',
  'macbook-pro',
  'macbook-air',
  'mac',
  'imac',
  'imac-pro',
  'mac-mini',
  'mac-pro',
  'ipad',
  'ipad-mini',
  'ipad-air',
  'ipad-pro',
  'ipod-touch',
  'iphone',
  'apple-tv',
  'apple-watch',
  'software',
  'keyboards-magic-mouse',
  'airpods',
  'homepod',
  'outlet',
  'external-ssd',
  'egpu-pcie',
  'komplekti',
];

/** The window test of the spec's price rule, written out here rather than imported from the generator. */
const windowOf = (p: Pick<CatalogProduct, 'special_from_date' | 'special_to_date'>): 'before' | 'in' | 'after' => {
  const t = NOW.getTime();
  if (p.special_from_date !== null && Date.parse(p.special_from_date) > t) return 'before';
  if (p.special_to_date !== null && Date.parse(p.special_to_date) < t) return 'after';
  return 'in';
};

describe('the generated catalogue (default size)', () => {
  let catalog: CatalogSnapshot;
  let products: CatalogProduct[];
  let sellable: CatalogProduct[];
  let bySku: Map<string, CatalogProduct>;

  beforeAll(() => {
    catalog = defaultCatalog();
    products = catalog.products;
    sellable = products.filter(isSellable);
    bySku = new Map(products.map((p) => [p.sku, p]));
  });

  it('validates against catalogSnapshotSchema, with every default already filled in', () => {
    const parsed = catalogSnapshotSchema.parse(catalog);
    // Equal after parsing: no field missing that a default would add, no unknown field stripped.
    expect(parsed).toEqual(catalog);
  });

  it(`has exactly ${DEFAULT_PRODUCT_COUNT} sellable products (enabled, visible, not end-of-life) by default`, () => {
    expect(sellable).toHaveLength(DEFAULT_PRODUCT_COUNT);
    expect(summarize(catalog).sellable).toBe(DEFAULT_PRODUCT_COUNT);
    const quotas = productQuotas(DEFAULT_PRODUCT_COUNT);
    expect(Object.values(quotas).reduce((a, b) => a + b, 0)).toBe(DEFAULT_PRODUCT_COUNT);
  });

  it('has every product type among the sellable products', () => {
    const types = new Set(sellable.map((p) => p.type_id));
    expect([...types].sort()).toEqual(['bundle', 'configurable', 'downloadable', 'grouped', 'simple']);
  });

  it('sets every availability status of the spec in filter_options, one per product', () => {
    const keys = AVAILABILITY_STATUSES.map((s) => s.key);
    for (const key of keys) expect(sellable.some((p) => p.filter_options[key] === true)).toBe(true);
    for (const p of products) {
      const set = Object.keys(p.filter_options).filter((k) => p.filter_options[k] === true);
      expect(set.length === 1 && keys.includes(set[0]!)).toBe(true);
    }
    // Stock agrees with the status: 'On request' is out of stock, the others can be ordered.
    for (const p of products) {
      if (p.filter_options['On request']) expect(p.stock).toEqual({ is_in_stock: false, qty: 0 });
      else if (p.type_id !== 'configurable') expect(p.stock.is_in_stock).toBe(true);
    }
  });

  it('has special prices before, inside and after their date window, each below the regular price', () => {
    const specials = products.filter((p) => p.special_price !== null);
    const windows = new Set(specials.map(windowOf));
    expect([...windows].sort()).toEqual(['after', 'before', 'in']);
    expect(specials.some((p) => p.special_to_date === null)).toBe(true);
    for (const p of specials) expect(p.special_price!).toBeLessThan(p.price);
    // The sale badge and flag follow the window.
    for (const p of specials) expect(p.sale).toBe(windowOf(p) === 'in');
  });

  it('has end-of-life and disabled products, outside the sellable count', () => {
    const eol = products.filter((p) => p.is_old === 1);
    const disabled = products.filter((p) => p.status >= 2);
    expect(eol.length).toBeGreaterThan(10);
    expect(disabled.filter((p) => p.parentSku === null).length).toBeGreaterThan(10);
    // Some variants of configurables are disabled too (the variant matcher must skip them).
    expect(disabled.some((p) => p.parentSku !== null)).toBe(true);
    for (const p of [...eol, ...disabled]) expect(isSellable(p)).toBe(false);
    for (const p of eol) expect(p.filter_options['On request']).toBe(true);
  });

  it('keeps the category tree under root id 2 with the spec slugs and Bulgarian names', () => {
    const { categories } = catalog;
    const byId = new Map(categories.map((c) => [c.id, c]));
    const root = byId.get(ROOT_CATEGORY_ID)!;
    expect(root.level).toBe(1);
    const slugs = categories.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of SPEC_CATEGORY_SLUGS) expect(slugs).toContain(slug);
    for (const category of categories) {
      if (category.id === ROOT_CATEGORY_ID) continue;
      // Walk up: every category reaches the root, and its path and level agree with the walk.
      const chain = [category.id];
      let parent = byId.get(category.parent_id);
      while (parent && parent.id !== ROOT_CATEGORY_ID) {
        chain.unshift(parent.id);
        parent = byId.get(parent.parent_id);
      }
      expect(parent?.id).toBe(ROOT_CATEGORY_ID);
      expect(category.path).toBe(`1/${ROOT_CATEGORY_ID}/${chain.join('/')}`);
      expect(category.level).toBe(chain.length + 1);
    }
    const bySlug = new Map(categories.map((c) => [c.slug, c]));
    const parentSlug = (slug: string) => byId.get(bySlug.get(slug)!.parent_id)?.slug;
    expect(parentSlug('macbook-pro')).toBe('macbook');
    expect(parentSlug('macbook')).toBe('laptopi');
    expect(parentSlug('ipad-mini')).toBe('ipad');
    expect(parentSlug('iphone')).toBe('telefoni');
    expect(parentSlug('imac')).toBe('mac');
    expect(categories.filter((c) => CYRILLIC.test(c.name)).length).toBeGreaterThan(categories.length / 2);
    // Every sellable product's categories exist, leaf first; the listing categories have products.
    for (const p of sellable) for (const id of p.category_ids) expect(byId.has(id)).toBe(true);
    for (const slug of SPEC_CATEGORY_SLUGS) expect(bySlug.get(slug)!.product_count).toBeGreaterThan(0);
    expect(root.product_count).toBe(sellable.length);
  });

  it('has unique ids and skus, product slugs from productSlug (Cyrillic kept) and images at /images/products/<sku>.svg', () => {
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.url_key)).size).toBe(products.length);
    for (const p of products) {
      expect(p.sku).toMatch(/^[A-Z0-9]+$/);
      expect(p.slug).toBe(productSlug(p.name));
      expect(p.image).toBe(`/images/products/${p.sku}.svg`);
    }
    expect(products.some((p) => CYRILLIC.test(p.slug))).toBe(true);
    // Names are Bulgarian and nearly all distinct.
    expect(sellable.filter((p) => CYRILLIC.test(p.description)).length).toBe(sellable.length);
    expect(new Set(sellable.map((p) => p.name)).size).toBeGreaterThan(sellable.length * 0.98);
  });

  it('prices in stotinki: net price, VAT figures derived at 20 %, round retail figures', () => {
    expect(catalog.taxRules).toEqual([
      expect.objectContaining({
        product_tax_class_ids: [2],
        rates: [expect.objectContaining({ rate: 20, tax_country_id: 'BG' })],
      }),
    ]);
    for (const p of products) {
      expect(p.tax_class_id).toBe(2);
      expect(p.priceInclTax).toBe(addTax(p.price, 20));
      expect(p.priceTax).toBe(p.priceInclTax - p.price);
      expect(p.specialPriceInclTax).toBe(p.special_price === null ? null : addTax(p.special_price, 20));
      for (const child of p.configurable_children) expect(child.priceInclTax).toBe(addTax(child.price, 20));
    }
    // Shelf prices are whole leva ending in 9 (2 399,00 лв.) for the simple devices and accessories.
    const shelf = sellable.filter((p) => p.type_id === 'simple' && p.price > 0).map((p) => p.priceInclTax);
    const round = shelf.filter((gross) => gross % 100 === 0 && Math.floor(gross / 100) % 10 === 9);
    expect(round.length).toBeGreaterThan(shelf.length * 0.95);
    // A few pre-orders have no price yet ("очаква се").
    expect(sellable.some((p) => p.price === 0 && p.filter_options['Pre-order'])).toBe(true);
    // Group prices for business and education customers on some products.
    const tiered = sellable.filter((p) => p.tier_prices.length > 0);
    expect(tiered.length).toBeGreaterThan(10);
    expect(new Set(tiered.flatMap((p) => p.tier_prices.map((t) => t.customer_group_id)))).toEqual(new Set([2, 3]));
  });

  it('builds configurables by colour and storage, with children as hidden simple products', () => {
    const configurables = sellable.filter((p) => p.type_id === 'configurable');
    expect(configurables.length).toBeGreaterThan(50);
    for (const parent of configurables) {
      const codes = parent.configurable_options.map((o) => o.attribute_code);
      expect(codes[0]).toBe('cvyat');
      expect(['disk', 'razmer']).toContain(codes[1]);
      expect(parent.configurable_children.length).toBe(
        parent.configurable_options[0]!.values.length * parent.configurable_options[1]!.values.length,
      );
      for (const child of parent.configurable_children) {
        const row = bySku.get(child.sku)!;
        expect(row).toMatchObject({ type_id: 'simple', visibility: 1, parentSku: parent.sku, price: child.price });
        expect(row.attributes.cvyat).toBe(child.attributes.cvyat);
      }
      const enabled = parent.configurable_children.filter((c) => c.status < 2);
      expect(parent.price).toBe(Math.min(...enabled.map((c) => c.price)));
    }
    expect(configurables.filter((p) => p.configurable_options[1]!.attribute_code === 'disk').length).toBeGreaterThan(
      configurables.length / 2,
    );
  });

  it('builds bundles (komplekti) of a device plus accessories, links carrying the linked price', () => {
    const bundles = sellable.filter((p) => p.type_id === 'bundle');
    expect(bundles.length).toBeGreaterThan(20);
    expect(
      bundles.some((b) => /MacBook|iMac|Mac mini|Mac Studio/.test(b.bundle_options[0]!.product_links[0]!.name)),
    ).toBe(true);
    for (const bundle of bundles) {
      expect(bundle.category.map((c) => c.slug)).toContain('komplekti');
      expect(bundle.bundle_options.length).toBeGreaterThanOrEqual(2);
      let defaults = 0;
      for (const option of bundle.bundle_options) {
        for (const link of option.product_links) {
          const linked = bySku.get(link.sku)!;
          expect(linked.type_id).toBe('simple');
          expect(link.price).toBe(linked.price);
        }
        const chosen = option.product_links.find((l) => l.is_default) ?? option.product_links[0]!;
        defaults += chosen.price * chosen.qty;
      }
      expect(bundle.price).toBe(defaults);
    }
  });

  it('builds grouped sets of associated simple products, priced at their sum', () => {
    const grouped = sellable.filter((p) => p.type_id === 'grouped');
    expect(grouped.length).toBeGreaterThan(10);
    for (const set of grouped) {
      expect(set.product_links.length).toBeGreaterThanOrEqual(2);
      let sum = 0;
      for (const link of set.product_links) {
        expect(link.link_type).toBe('associated');
        const linked = bySku.get(link.linked_product_sku)!;
        expect(linked.type_id).toBe('simple');
        sum += linked.price;
      }
      expect(set.price).toBe(sum);
    }
  });

  it('has downloadable software with its links, and CTO Macs with upgrade options and a cto: route', () => {
    const software = sellable.filter((p) => p.type_id === 'downloadable');
    expect(software.length).toBeGreaterThan(20);
    for (const p of software) expect(p.downloadable_links.length).toBeGreaterThanOrEqual(2);

    const cto = sellable.filter((p) => p.cto_url !== null);
    expect(cto.length).toBeGreaterThan(10);
    for (const p of cto) {
      const radios = p.custom_options.filter((o) => o.type === 'radio' && o.is_require);
      expect(radios.map((o) => o.title)).toEqual(expect.arrayContaining(['Чип', 'Обединена памет', 'SSD диск']));
      expect(p.custom_options.flatMap((o) => o.values).some((v) => v.is_upgrade)).toBe(true);
      expect(p.custom_options.some((o) => o.type === 'checkbox' && !o.is_require)).toBe(true);
      expect(p.cto_url).toBe(`/${p.slug}-${p.sku}/cto:${radios.map((o) => o.values[0]!.option_type_id).join(',')}`);
    }
  });

  it('links related products to skus that exist', () => {
    const linked = sellable.filter((p) => p.product_links.some((l) => l.link_type === 'related'));
    expect(linked.length).toBeGreaterThan(sellable.length / 2);
    for (const p of products) {
      for (const link of p.product_links) expect(bySku.has(link.linked_product_sku)).toBe(true);
      expect(p.product_links.filter((l) => l.link_type === 'related').length).toBeLessThanOrEqual(8);
    }
  });

  it('defines the default filter attributes with Bulgarian labels and the spec option slugs', () => {
    const codes = catalog.attributes.map((a) => a.attribute_code);
    for (const code of DEFAULT_FILTERS) expect(codes).toContain(code);
    const attribute = (code: string) => catalog.attributes.find((a) => a.attribute_code === code)!;
    for (const option of attribute('displey').options) expect(option.slug).toContain('inch');
    expect(attribute('displey').options.map((o) => o.slug)).toContain('13-inch');
    expect(attribute('flag').options.map((o) => o.slug)).toEqual([
      'new',
      'sale',
      'pre-order',
      'bundle',
      'special-offers',
    ]);
    expect(attribute('cvyat').frontend_label).toBe('Цвят');
    // Every value a product carries is an option of its attribute, and every flag is used.
    const values = new Map(catalog.attributes.map((a) => [a.attribute_code, new Set(a.options.map((o) => o.value))]));
    const flags = new Set<string>();
    for (const p of products) {
      for (const [code, value] of Object.entries(p.attributes)) {
        for (const v of Array.isArray(value) ? value : [value]) {
          expect(values.get(code)?.has(v)).toBe(true);
          if (code === 'flag') flags.add(v);
        }
      }
    }
    expect(flags.size).toBe(5);
  });

  it('has about 40 Bulgarian CMS pages with the spec slugs, none clashing with a category', () => {
    const pages = catalog.cmsPages;
    expect(pages.length).toBeGreaterThanOrEqual(40);
    const slugs = pages.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of ['guarantee', 'faq', 'terms-of-use', 'how-to-order', 'delivery', 'privacy-policy', 'leasing']) {
      expect(slugs).toContain(slug);
    }
    for (const slug of ['credit-terms', 'newsletters-list', 'about-us']) expect(slugs).toContain(slug);
    const categorySlugs = new Set(catalog.categories.map((c) => c.slug));
    for (const slug of slugs) expect(categorySlugs.has(slug)).toBe(false);
    for (const page of pages) {
      expect(page.title).toMatch(CYRILLIC);
      expect(page.content.replace(/<[^>]+>/g, '').length).toBeGreaterThan(150);
      expect(page.content).toMatch(CYRILLIC);
    }
    expect(catalog.cmsBlocks.map((b) => b.identifier)).toEqual(
      expect.arrayContaining(['footer-links', 'footer-contacts']),
    );
  });

  it('has banners, tagged blog posts, and reviews of all three moderation states', () => {
    const placements = new Set(catalog.banners.map((b) => b.placement));
    expect(placements).toEqual(new Set(['slider', 'promo']));
    for (const banner of catalog.banners) expect(banner.image).toMatch(/^\/images\/products\/.+\.svg$/);
    // A slide naming a product pictures that product.
    const pictured = (title: string) => {
      const image = catalog.banners.find((b) => b.placement === 'slider' && b.title === title)!.image;
      return catalog.products.find((p) => p.image === image)?.name ?? '';
    };
    expect(pictured('iPhone 17 Pro')).toMatch(/^iPhone 17 Pro(?! Max)/);
    expect(pictured('MacBook Air с M4')).toMatch(/^MacBook Air 13" M4/);
    expect(pictured('Apple Watch Series 11')).toMatch(/^Apple Watch Series 11/);
    expect(catalog.blogPosts.length).toBeGreaterThanOrEqual(20);
    for (const post of catalog.blogPosts) {
      expect(post.tags.length).toBeGreaterThan(0);
      expect(post.title).toMatch(CYRILLIC);
    }
    const { reviews } = catalog;
    expect(new Set(reviews.map((r) => r.review_status))).toEqual(new Set([1, 2, 3]));
    expect(new Set(reviews.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    const ids = new Set(sellable.map((p) => p.id));
    for (const review of reviews) expect(ids.has(review.product_id)).toBe(true);
  });

  it('has one stock item per product, agreeing with the product', () => {
    expect(catalog.stockItems).toHaveLength(products.length);
    const stock = new Map(catalog.stockItems.map((s) => [s.sku, s]));
    for (const p of products) {
      expect(stock.get(p.sku)).toEqual({
        product_id: p.id,
        sku: p.sku,
        is_in_stock: p.stock.is_in_stock,
        qty: p.stock.qty,
      });
    }
  });

  it('mixes the visibilities: variants 1, sellable products mostly 4 and some 2 or 3', () => {
    const counts = new Map<number, number>();
    for (const p of products) counts.set(p.visibility, (counts.get(p.visibility) ?? 0) + 1);
    for (const v of [1, 2, 3, 4]) expect(counts.get(v)).toBeGreaterThan(0);
    for (const p of products) expect(p.visibility === 1).toBe(p.parentSku !== null);
  });

  it('is deterministic: same seed and day, same catalogue; another seed, another one', () => {
    const again = generateCatalog({ products: DEFAULT_PRODUCT_COUNT, seed: SEED, now: NOW });
    expect(again).toEqual(catalog);
    // The same UTC day gives the same catalogue whatever the hour.
    const later = generateCatalog({ products: 200, seed: SEED, now: new Date('2025-11-20T23:59:00Z') });
    expect(later).toEqual(generateCatalog({ products: 200, seed: SEED, now: new Date('2025-11-20T00:00:00Z') }));
    const other = generateCatalog({ products: DEFAULT_PRODUCT_COUNT, seed: SEED + 1, now: NOW });
    expect(other.products.map((p) => p.priceInclTax)).not.toEqual(products.map((p) => p.priceInclTax));
  });

  it('rejects a product count that is not a positive number, and still makes every kind from 20 products', () => {
    expect(() => generateCatalog({ products: 0 })).toThrow(RangeError);
    const small = generateCatalog({ products: 20, seed: 1, now: NOW });
    expect(small.products.filter(isSellable)).toHaveLength(20);
    expect(new Set(small.products.map((p) => p.type_id)).size).toBe(5);
    expect(catalogSnapshotSchema.safeParse(small).success).toBe(true);
  });
});
