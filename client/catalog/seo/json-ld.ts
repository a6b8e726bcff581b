import { AVAILABILITY_STATUSES } from '../../../schema/catalog/availability.ts';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { Review } from '../../../schema/catalog/content.ts';
import { availabilityStatusOf } from '../../../schema/catalog/rules/availability-status.ts';
import { effectivePrice } from '../../../schema/catalog/rules/effective-price.ts';

/**
 * The structured data of a category listing (spec section 2: "Breadcrumbs start with a home entry labelled
 * 'Начало' linking to /, and carry structured-data markup" and "Category structured data uses BGN as currency"):
 * one JSON-LD document with a schema.org BreadcrumbList and an ItemList of the products shown, each a Product
 * with its Offer in BGN.
 *
 * Decisions:
 * - The spec's "review counts in it are random between 3 and 7 with rating 5" is NOT followed: made-up ratings
 *   in review markup are fake reviews (EU Directive 2019/2161, Annex I point 23b; Google's review snippet
 *   policy). A product gets an AggregateRating only when approved reviews with a rating exist on this device,
 *   with their true count and average (one decimal).
 * - The offer's price is what the shopper pays now (the special price inside its window), VAT included, in
 *   leva with two decimals. A product without a price ('очаква се') gets no offer rather than a price of 0.
 * - Availability is the schema.org term of the product's status (section 4's table); no status, no term.
 * - Addresses are absolute (the caller gives the shop's origin); the last breadcrumb is the page itself.
 */

export interface JsonLdCrumb {
  readonly name: string;
  /** A path on this shop ('/', '/iphone'). */
  readonly path: string;
}

export interface ListingJsonLdInput {
  readonly origin: string;
  /** From the home entry to the category itself. */
  readonly breadcrumbs: readonly JsonLdCrumb[];
  readonly listName: string;
  readonly products: readonly ListingJsonLdProduct[];
  /** Reviews on this device; only approved ones (review_status 1) with a rating count. */
  readonly reviews: readonly Pick<Review, 'product_id' | 'rating' | 'review_status'>[];
  readonly now: Date;
}

export type ListingJsonLdProduct = Pick<
  CatalogProduct,
  | 'id'
  | 'sku'
  | 'name'
  | 'image'
  | 'brand'
  | 'filter_options'
  | 'price'
  | 'priceInclTax'
  | 'special_price'
  | 'specialPriceInclTax'
  | 'special_from_date'
  | 'special_to_date'
> & {
  /** The product's page, a path. */
  readonly path: string;
};

type JsonLdValue = string | number | JsonLdObject | JsonLdValue[];
export interface JsonLdObject {
  readonly [key: string]: JsonLdValue;
}

const SCHEMA = 'https://schema.org/';

const leva = (stotinki: number): string => (stotinki / 100).toFixed(2);

export interface RatingSummary {
  readonly count: number;
  /** Average rating, one decimal. */
  readonly average: number;
}

/** Product id -> the count and average of its approved, rated reviews. */
export const ratingSummaries = (reviews: ListingJsonLdInput['reviews']): Map<number, RatingSummary> => {
  const sums = new Map<number, { count: number; total: number }>();
  for (const review of reviews) {
    if (review.review_status !== 1 || review.rating === null) continue;
    const sum = sums.get(review.product_id) ?? { count: 0, total: 0 };
    sums.set(review.product_id, { count: sum.count + 1, total: sum.total + review.rating });
  }
  return new Map(
    [...sums].map(([id, { count, total }]) => [id, { count, average: Math.round((total / count) * 10) / 10 }]),
  );
};

const absolute = (origin: string, path: string): string => new URL(path, origin).href;

const offerOf = (product: ListingJsonLdProduct, url: string, now: Date): JsonLdObject | null => {
  const amount = effectivePrice(product, now).finalPriceInclTax ?? 0;
  if (amount <= 0) return null;
  const status = availabilityStatusOf(product.filter_options, AVAILABILITY_STATUSES);
  return {
    '@type': 'Offer',
    url,
    price: leva(amount),
    priceCurrency: 'BGN',
    ...(status ? { availability: `${SCHEMA}${status.availability}` } : {}),
  };
};

/** A schema.org Product with its offer, and its rating only when approved reviews exist. */
export const productJsonLd = (
  product: ListingJsonLdProduct,
  origin: string,
  rating: RatingSummary | undefined,
  now: Date,
): JsonLdObject => {
  const url = absolute(origin, product.path);
  const offer = offerOf(product, url, now);
  return {
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    url,
    ...(product.image ? { image: absolute(origin, product.image) } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(offer ? { offers: offer } : {}),
    ...(rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
};

/** The page's breadcrumbs as a schema.org BreadcrumbList, from 'Начало' to the page itself. */
export const breadcrumbListJsonLd = (origin: string, breadcrumbs: readonly JsonLdCrumb[]): JsonLdObject => ({
  '@type': 'BreadcrumbList',
  itemListElement: breadcrumbs.map((crumb, index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name: crumb.name,
    item: absolute(origin, crumb.path),
  })),
});

export const listingJsonLd = ({
  origin,
  breadcrumbs,
  listName,
  products,
  reviews,
  now,
}: ListingJsonLdInput): JsonLdObject => {
  const ratings = ratingSummaries(reviews);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      breadcrumbListJsonLd(origin, breadcrumbs),
      {
        '@type': 'ItemList',
        name: listName,
        numberOfItems: products.length,
        itemListElement: products.map((product, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          item: productJsonLd(product, origin, ratings.get(product.id), now),
        })),
      },
    ],
  };
};

/** The document as the text of a `<script type="application/ld+json">`: '<' escaped, so no text can end it. */
export const serializeJsonLd = (document: JsonLdObject): string => JSON.stringify(document).replace(/</g, '\\u003c');

export interface ProductPageJsonLdInput {
  readonly origin: string;
  /** From the home entry to the product itself. */
  readonly breadcrumbs: readonly JsonLdCrumb[];
  readonly product: ListingJsonLdProduct;
  readonly reviews: ListingJsonLdInput['reviews'];
  readonly now: Date;
}

/** A product page's structured data: its breadcrumbs and the Product, rated only by its approved reviews. */
export const productPageJsonLd = ({
  origin,
  breadcrumbs,
  product,
  reviews,
  now,
}: ProductPageJsonLdInput): JsonLdObject => ({
  '@context': 'https://schema.org',
  '@graph': [
    breadcrumbListJsonLd(origin, breadcrumbs),
    productJsonLd(product, origin, ratingSummaries(reviews).get(product.id), now),
  ],
});
