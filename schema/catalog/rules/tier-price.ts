import type { CatalogProduct } from '../catalog-product.ts';
import { addTax } from '../tax.ts';

/** Magento's customer group id meaning "all groups" in a tier price. */
export const ALL_GROUPS = 32000;
/** Magento's group of a shopper who is not logged in. */
export const NOT_LOGGED_IN_GROUP = 0;

type TierPrice = CatalogProduct['tier_prices'][number];

/** Tiers for this customer group (or all groups) whose minimum quantity the ordered quantity reaches. */
export const applicableTierPrices = (tiers: readonly TierPrice[], customerGroupId: number, qty: number): TierPrice[] =>
  tiers.filter(
    (tier) => (tier.customer_group_id === customerGroupId || tier.customer_group_id === ALL_GROUPS) && tier.qty <= qty,
  );

/**
 * The unit price (net stotinki) for a customer group buying `qty`: the lowest applicable tier, or `basePrice`
 * when no tier applies or the base is lower (a tier is a discount, never a surcharge). `basePrice` is the price in
 * force, the special price when on sale (`effectivePrice(...).finalPrice`).
 */
export const tierUnitPrice = (
  tiers: readonly TierPrice[],
  customerGroupId: number,
  qty: number,
  basePrice: number,
): number => Math.min(basePrice, ...applicableTierPrices(tiers, customerGroupId, qty).map((tier) => tier.value));

/**
 * The same with VAT, as a page shows it: the group's tier for `qty` units with the product's VAT added when it is
 * below the net price in force, else the gross price in force unchanged. The cart (schema/cart/tier-pricing.ts)
 * compares VAT-inclusive tiers instead; adding VAT half-up keeps the order of prices, so both give one figure.
 */
export const tierUnitPriceInclTax = (
  tiers: readonly TierPrice[],
  customerGroupId: number,
  qty: number,
  base: { readonly net: number; readonly gross: number },
  vatRate: number,
): number => {
  const net = tierUnitPrice(tiers, customerGroupId, qty, base.net);
  return net < base.net ? Math.min(base.gross, addTax(net, vatRate)) : base.gross;
};

/** One quantity step of a group's tiers, with VAT: from `qty` units, each costs `unitPriceInclTax`. */
export interface QuantityTier {
  readonly qty: number;
  readonly unitPriceInclTax: number;
}

/**
 * The steps above one unit where the group's unit price drops further ("от 5 бр.: …"), in quantity order: each
 * step's price is what `tierUnitPriceInclTax` gives at that quantity, and only steps cheaper than the step before
 * are kept (a tier at or above the price in force changes nothing, so it is not offered).
 */
export const quantityTiers = (
  tiers: readonly TierPrice[],
  customerGroupId: number,
  base: { readonly net: number; readonly gross: number },
  vatRate: number,
): QuantityTier[] => {
  const steps: QuantityTier[] = [];
  let previous = tierUnitPriceInclTax(tiers, customerGroupId, 1, base, vatRate);
  const quantities = [...new Set(applicableTierPrices(tiers, customerGroupId, Infinity).map((t) => t.qty))];
  for (const qty of quantities.filter((q) => q > 1).sort((a, b) => a - b)) {
    const unitPriceInclTax = tierUnitPriceInclTax(tiers, customerGroupId, qty, base, vatRate);
    if (unitPriceInclTax < previous) steps.push({ qty, unitPriceInclTax });
    previous = Math.min(previous, unitPriceInclTax);
  }
  return steps;
};
