import type { CatalogProduct } from '../catalog-product.ts';
import { effectivePrice } from '../rules/effective-price.ts';

/**
 * The badges on a tile's image (spec section 2, "Product tile": "the image with badges: sale, new, bundle,
 * end-of-life (EOL), labelled in Cyrillic for sale, new and bundle"), in that order.
 *
 * Decisions:
 * - Sale: the product's `sale` or `promo` flag, or a special price in force now (a struck-through price always
 *   comes with its badge, so the shopper sees why the price is lower).
 * - Bundle: a product of type 'bundle' (the spec's `is_bundle`).
 * - EOL: `is_old` set (the product is no longer made).
 */
export type TileBadge = 'sale' | 'new' | 'bundle' | 'eol';

type BadgeFields = Pick<
  CatalogProduct,
  'sale' | 'promo' | 'new' | 'type_id' | 'is_old' | 'price' | 'special_price' | 'special_from_date' | 'special_to_date'
>;

export const tileBadges = (product: BadgeFields, now: Date): TileBadge[] => {
  const badges: TileBadge[] = [];
  if (product.sale || product.promo || effectivePrice(product, now).onSale) badges.push('sale');
  if (product.new) badges.push('new');
  if (product.type_id === 'bundle') badges.push('bundle');
  if (product.is_old === 1) badges.push('eol');
  return badges;
};
