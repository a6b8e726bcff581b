import type { ConfigurableChild } from '../catalog-product.ts';
import { effectivePrice, type EffectivePrice } from './effective-price.ts';
import { isEnabledStatus } from './product-status.ts';
import { SHOP_TIME_ZONE } from './shop-time.ts';

export interface PricedChild {
  readonly child: ConfigurableChild;
  readonly price: EffectivePrice;
}

/**
 * Spec section 4: "For a configurable product, the lowest-priced child price is shown as the product price."
 * Only enabled children (status below 2) count, each at its price in force `now`. A child without a known
 * price (0, shown as 'очаква се') is passed over while another child has one; ties go to the earlier child.
 */
export const lowestPricedChild = (
  product: { readonly configurable_children: readonly ConfigurableChild[] },
  now: Date,
  timeZone: string = SHOP_TIME_ZONE,
): PricedChild | null => {
  const priced = product.configurable_children
    .filter((child) => isEnabledStatus(child.status))
    .map((child) => ({ child, price: effectivePrice(child, now, timeZone) }));
  const known = priced.filter((p) => p.price.finalPrice > 0);
  const candidates = known.length > 0 ? known : priced;
  return candidates.reduce<PricedChild | null>(
    (lowest, p) => (lowest === null || p.price.finalPrice < lowest.price.finalPrice ? p : lowest),
    null,
  );
};

/** The configurable product's shown price: its lowest-priced child's; null with no enabled child. */
export const configurablePrice = (
  product: { readonly configurable_children: readonly ConfigurableChild[] },
  now: Date,
  timeZone: string = SHOP_TIME_ZONE,
): EffectivePrice | null => lowestPricedChild(product, now, timeZone)?.price ?? null;
