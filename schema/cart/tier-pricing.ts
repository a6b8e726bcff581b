import type { Product } from '../catalog/product.ts';
import { NOT_LOGGED_IN_GROUP, tierUnitPrice } from '../catalog/rules/tier-price.ts';

/**
 * Price tiers in the cart (spec: "a user's group selects its tier prices"). A line's unit price is the lowest
 * tier of the owner's customer group (or of all groups) whose quantity the line reaches, never above the price
 * the line would have without tiers. A guest is `NOT_LOGGED_IN_GROUP`.
 *
 * Only a plain line is tiered: no custom option values and not a bundle (`PricedLine.tierable`). Why: a tier is
 * a price for the product itself. Custom option surcharges are defined on the product's own net price (percent
 * options, the CTO upgrade from the original price), and a bundle costs the sum of its items, so applying a
 * product tier there would either change what the options cost or discount items the tier was never set for;
 * the product page shows a group price only while no option is chosen, and the cart charges the same.
 */

/** Whose prices a cart is charged at: the customer group of the cart's owner. */
export interface CartPricing {
  readonly customerGroupId: number;
}

export const GUEST_PRICING: CartPricing = { customerGroupId: NOT_LOGGED_IN_GROUP };

/** The unit price with VAT of `qty` units of a plain line of `product` for the group, from its untiered price. */
export const tieredUnitPrice = (product: Product, untiered: number, qty: number, pricing: CartPricing): number =>
  tierUnitPrice(product.tierPricesInclTax ?? [], pricing.customerGroupId, qty, untiered);
