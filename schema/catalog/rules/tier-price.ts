import type { CatalogProduct } from '../catalog-product.ts';

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
