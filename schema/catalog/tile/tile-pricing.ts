import type { CatalogProduct } from '../catalog-product.ts';
import { effectivePrice } from '../rules/effective-price.ts';
import { NOT_LOGGED_IN_GROUP, tierUnitPriceInclTax } from '../rules/tier-price.ts';
import { impliedVatRate } from '../tax.ts';

/**
 * What a tile's price line shows (spec section 2, "Product tile": "the original price struck through and the
 * special price, or the regular price when above zero. A zero price reads 'очаква се' (awaited)"). VAT included,
 * stotinki.
 *
 * Decision: a special price in force whose VAT figure is missing (a product that never went through the tax
 * rules) gets one at the product's own VAT ratio, so the struck-through and the paid price always agree on VAT.
 *
 * Price tiers: when the shopper's customer group has a one-unit tier below the price in force, the tile shows the
 * group's price with the regular price struck through ('group'): what the cart charges the group for one unit.
 */
export type TilePricing =
  | { readonly kind: 'awaited' }
  | { readonly kind: 'regular'; readonly amount: number }
  | { readonly kind: 'sale'; readonly amount: number; readonly original: number }
  | { readonly kind: 'group'; readonly amount: number; readonly original: number };

type PricingFields = Pick<
  CatalogProduct,
  | 'price'
  | 'priceInclTax'
  | 'priceTax'
  | 'special_price'
  | 'specialPriceInclTax'
  | 'special_from_date'
  | 'special_to_date'
  | 'tier_prices'
>;

export const tilePricing = (
  product: PricingFields,
  now: Date,
  customerGroupId: number = NOT_LOGGED_IN_GROUP,
): TilePricing => {
  const shown = publicPricing(product, now);
  if (shown.kind === 'awaited' || product.tier_prices.length === 0) return shown;
  const price = effectivePrice(product, now);
  const vatRate = impliedVatRate(product);
  const amount = tierUnitPriceInclTax(
    product.tier_prices,
    customerGroupId,
    1,
    { net: price.finalPrice, gross: shown.amount },
    vatRate,
  );
  return amount < shown.amount ? { kind: 'group', amount, original: product.priceInclTax } : shown;
};

/** The price line for a shopper without a group price. */
const publicPricing = (product: PricingFields, now: Date): Exclude<TilePricing, { kind: 'group' }> => {
  const price = effectivePrice(product, now);
  if (product.priceInclTax <= 0) return { kind: 'awaited' };
  if (!price.onSale || price.special_price === null) return { kind: 'regular', amount: product.priceInclTax };
  const special =
    price.specialPriceInclTax ??
    (product.price > 0 ? Math.round((price.special_price * product.priceInclTax) / product.price) : 0);
  if (special <= 0 || special >= product.priceInclTax) return { kind: 'regular', amount: product.priceInclTax };
  return { kind: 'sale', amount: special, original: product.priceInclTax };
};
