import { describe, expect, it } from 'vitest';
import {
  listingJsonLd,
  productPageJsonLd,
  ratingSummaries,
  serializeJsonLd,
  type JsonLdObject,
  type ListingJsonLdInput,
} from '../../../client/catalog/seo/json-ld.ts';
import { catalogProduct } from '../catalog/fixtures.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const ORIGIN = 'https://apple-store.bg';

const product = (overrides: Parameters<typeof catalogProduct>[0] = {}) => {
  const p = catalogProduct(overrides);
  return { ...p, path: `/${p.slug}-${p.sku}` };
};

const input = (overrides: Partial<ListingJsonLdInput> = {}): ListingJsonLdInput => ({
  origin: ORIGIN,
  breadcrumbs: [
    { name: 'Начало', path: '/' },
    { name: 'MacBook', path: '/macbook' },
    { name: 'MacBook Air', path: '/macbook-air' },
  ],
  listName: 'MacBook Air',
  products: [product({ filter_options: { 'In stock': true } })],
  reviews: [],
  now: NOW,
  ...overrides,
});

const graph = (doc: JsonLdObject) => doc['@graph'] as JsonLdObject[];
const items = (doc: JsonLdObject) =>
  (graph(doc)[1]!.itemListElement as JsonLdObject[]).map((entry) => entry.item as JsonLdObject);

describe('spec: "Breadcrumbs start with a home entry labelled \'Начало\' linking to /, and carry structured-data markup"', () => {
  it('a BreadcrumbList from the home entry to the category, positions from 1, absolute addresses', () => {
    const doc = listingJsonLd(input());
    expect(doc['@context']).toBe('https://schema.org');
    expect(graph(doc)[0]).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Начало', item: 'https://apple-store.bg/' },
        { '@type': 'ListItem', position: 2, name: 'MacBook', item: 'https://apple-store.bg/macbook' },
        { '@type': 'ListItem', position: 3, name: 'MacBook Air', item: 'https://apple-store.bg/macbook-air' },
      ],
    });
  });
});

describe('spec: "Category structured data uses BGN as currency"', () => {
  it('an ItemList of the products shown, each a Product with an Offer in BGN (VAT included, two decimals)', () => {
    const doc = listingJsonLd(input());
    expect(graph(doc)[1]).toMatchObject({ '@type': 'ItemList', name: 'MacBook Air', numberOfItems: 1 });
    expect(items(doc)[0]).toEqual({
      '@type': 'Product',
      name: 'MacBook Air 13" M4',
      sku: 'MBA13-M4',
      url: 'https://apple-store.bg/macbook-air-13-inch-m4-MBA13-M4',
      image: 'https://apple-store.bg/m/b/mba13.jpg',
      offers: {
        '@type': 'Offer',
        url: 'https://apple-store.bg/macbook-air-13-inch-m4-MBA13-M4',
        price: '2398.80',
        priceCurrency: 'BGN',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('the offer is the special price inside its window, the normal price outside it', () => {
    const onSale = { special_price: 150_000, specialPriceInclTax: 180_000 };
    const inside = listingJsonLd(input({ products: [product({ ...onSale, special_to_date: '2026-03-31' })] }));
    expect((items(inside)[0]!.offers as JsonLdObject).price).toBe('1800.00');
    const after = listingJsonLd(input({ products: [product({ ...onSale, special_to_date: '2026-02-01' })] }));
    expect((items(after)[0]!.offers as JsonLdObject).price).toBe('2398.80');
  });

  it("a product without a price ('очаква се') has no offer rather than an offer of 0", () => {
    const doc = listingJsonLd(input({ products: [product({ price: 0, priceInclTax: 0, priceTax: 0 })] }));
    expect(items(doc)[0]).not.toHaveProperty('offers');
  });

  it('availability follows the status (section 4), and is left out with none', () => {
    const preOrder = listingJsonLd(input({ products: [product({ filter_options: { 'Pre-order': true } })] }));
    expect((items(preOrder)[0]!.offers as JsonLdObject).availability).toBe('https://schema.org/PreOrder');
    const none = listingJsonLd(input({ products: [product({ filter_options: {} })] }));
    expect(items(none)[0]!.offers).not.toHaveProperty('availability');
  });
});

describe('no fake reviews: the spec\'s "review counts in it are random between 3 and 7 with rating 5" is refused', () => {
  it('without reviews no product has an AggregateRating', () => {
    const doc = listingJsonLd(input());
    expect(items(doc)[0]).not.toHaveProperty('aggregateRating');
    expect(JSON.stringify(doc)).not.toContain('Rating');
  });

  it('approved reviews give their true count and average; pending, rejected and unrated ones do not count', () => {
    const reviews = [
      { product_id: 1, rating: 5, review_status: 1 },
      { product_id: 1, rating: 4, review_status: 1 },
      { product_id: 1, rating: 4, review_status: 1 },
      { product_id: 1, rating: 1, review_status: 2 },
      { product_id: 1, rating: 1, review_status: 3 },
      { product_id: 1, rating: null, review_status: 1 },
      { product_id: 2, rating: 2, review_status: 1 },
    ];
    const doc = listingJsonLd(input({ reviews }));
    expect(items(doc)[0]!.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('only pending reviews: no rating at all', () => {
    const doc = listingJsonLd(input({ reviews: [{ product_id: 1, rating: 5, review_status: 2 }] }));
    expect(items(doc)[0]).not.toHaveProperty('aggregateRating');
  });

  it('summaries per product', () => {
    expect(
      ratingSummaries([
        { product_id: 7, rating: 5, review_status: 1 },
        { product_id: 7, rating: 4, review_status: 1 },
        { product_id: 3, rating: 5, review_status: 1 },
      ]),
    ).toEqual(
      new Map([
        [7, { count: 2, average: 4.5 }],
        [3, { count: 1, average: 5 }],
      ]),
    );
  });
});

describe('serialising', () => {
  it('escapes "<" so a name cannot close the script element', () => {
    const doc = listingJsonLd(input({ products: [product({ name: 'Evil </script><script>alert(1)' })] }));
    const text = serializeJsonLd(doc);
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual(doc);
  });
});

describe('a product page: its breadcrumbs and the Product, rated only by its approved reviews', () => {
  const page = (reviews: ListingJsonLdInput['reviews']) =>
    graph(
      productPageJsonLd({
        origin: ORIGIN,
        breadcrumbs: [
          { name: 'Начало', path: '/' },
          { name: 'iPhone', path: '/iphone' },
          { name: 'iPhone 17', path: '/iphone-17-IP17' },
        ],
        product: product({ id: 7, sku: 'IP17', slug: 'iphone-17', filter_options: { 'In stock': true } }),
        reviews,
        now: NOW,
      }),
    );

  it('given no approved review, then the Product has an offer and no rating', () => {
    const [crumbs, item] = page([{ product_id: 7, rating: 5, review_status: 2 }]);
    expect(crumbs!['@type']).toBe('BreadcrumbList');
    expect((crumbs!.itemListElement as JsonLdObject[]).at(-1)!.item).toBe(`${ORIGIN}/iphone-17-IP17`);
    expect(item).toMatchObject({ '@type': 'Product', sku: 'IP17', url: `${ORIGIN}/iphone-17-IP17` });
    expect(item!.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'BGN' });
    expect(item!.aggregateRating).toBeUndefined();
  });

  it('given approved reviews of this and another product, then the rating counts only this one’s', () => {
    const [, item] = page([
      { product_id: 7, rating: 4, review_status: 1 },
      { product_id: 7, rating: 5, review_status: 1 },
      { product_id: 8, rating: 1, review_status: 1 },
    ]);
    expect(item!.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
  });
});
