import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { customOptionsPrice, type CustomOptionAnswers } from '../../../schema/catalog/rules/custom-options.ts';
import type { EffectivePrice } from '../../../schema/catalog/rules/effective-price.ts';
import { quantityTiers, tierUnitPriceInclTax, type QuantityTier } from '../../../schema/catalog/rules/tier-price.ts';
import { addTax } from '../../../schema/catalog/tax.ts';

/**
 * The live price with VAT once custom options are chosen (spec section 4, `customOptionsPrice`): the shown price
 * plus the VAT-inclusive difference the options make, so with nothing chosen it is exactly the shown price.
 */
export const customOptionsPriceInclTax = (
  price: EffectivePrice,
  options: CatalogProduct['custom_options'],
  answers: CustomOptionAnswers,
  vatRate: number,
): number => {
  const shown = price.finalPriceInclTax ?? 0;
  if (options.length === 0) return shown;
  const net = customOptionsPrice({ price: price.finalPrice, originalPrice: price.price }, options, answers);
  return Math.max(0, shown + addTax(net, vatRate) - addTax(price.finalPrice, vatRate));
};

/**
 * The price in force for `qty` units with the customer group's tier (spec: price tiers), with VAT: what the cart
 * charges a line of the product without custom options (schema/cart/tier-pricing.ts says why only such a line).
 */
export const groupPriceInclTax = (
  price: EffectivePrice,
  tiers: CatalogProduct['tier_prices'],
  customerGroupId: number,
  vatRate: number,
  qty = 1,
): number =>
  tierUnitPriceInclTax(
    tiers,
    customerGroupId,
    qty,
    { net: price.finalPrice, gross: price.finalPriceInclTax ?? 0 },
    vatRate,
  );

/** The group's cheaper prices for more units ("от 5 бр.: …"), for the page's hint. */
export const groupQuantityTiers = (
  price: EffectivePrice,
  tiers: CatalogProduct['tier_prices'],
  customerGroupId: number,
  vatRate: number,
): QuantityTier[] =>
  price.finalPriceInclTax
    ? quantityTiers(tiers, customerGroupId, { net: price.finalPrice, gross: price.finalPriceInclTax }, vatRate)
    : [];
