import { z } from 'zod';
import { catalogProductSchema, type CatalogProduct } from './catalog-product.ts';

/**
 * What a shortlist (wishlist, compare) keeps of a product in browser storage: a small snapshot, not the whole
 * catalogue product. A configurable product carries up to 500 children; a few of those in localStorage would eat
 * its 5 MB quota, and a stored copy goes stale anyway. The snapshot is enough to draw the list and the comparison
 * offline; the views refresh price and stock from the offline catalogue by sku.
 *
 * The schema is picked from the catalogue schema, so what the reducers store is always what the store accepts on read.
 */
export const shortlistProductSchema = catalogProductSchema.pick({
  sku: true,
  parentSku: true,
  name: true,
  slug: true,
  url_key: true,
  image: true,
  priceInclTax: true,
  specialPriceInclTax: true,
  special_from_date: true,
  special_to_date: true,
  attributes: true,
});
export type ShortlistProduct = z.infer<typeof shortlistProductSchema>;

/** Any product that has the snapshot's fields: a full `CatalogProduct` or an already stored snapshot. */
export type ShortlistProductSource = Pick<CatalogProduct, keyof ShortlistProduct>;

/** The snapshot of a product: only the fields above, so a full catalogue product does not leak into storage. */
export const toShortlistProduct = (product: ShortlistProductSource): ShortlistProduct => ({
  sku: product.sku,
  parentSku: product.parentSku,
  name: product.name,
  slug: product.slug,
  url_key: product.url_key,
  image: product.image,
  priceInclTax: product.priceInclTax,
  specialPriceInclTax: product.specialPriceInclTax,
  special_from_date: product.special_from_date,
  special_to_date: product.special_to_date,
  attributes: product.attributes,
});
