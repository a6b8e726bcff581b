import type { CatalogProduct } from '../catalog-product.ts';
import { effectivePrice, type PricedFields } from './effective-price.ts';
import { SHOP_TIME_ZONE } from './shop-time.ts';
import { sumOf } from './sum.ts';

/** The product_links link_type of a grouped product's members. */
export const GROUPED_LINK_TYPE = 'associated';

type Links = Pick<CatalogProduct, 'product_links'>;

/** The skus of the grouped product's members, in link position order. */
export const groupedMemberSkus = (product: Links): string[] =>
  product.product_links
    .filter((link) => link.link_type === GROUPED_LINK_TYPE)
    .toSorted((a, b) => a.position - b.position)
    .map((link) => link.linked_product_sku);

/**
 * Spec section 4: "A grouped product's price is the sum of its linked simple products, qty 1 each", each at its
 * price in force `now`. `memberOf` gives a member's price fields, or undefined for a member that is not for sale
 * (unknown, disabled): such a member is left out of the sum. Net stotinki.
 */
export const groupedPrice = (
  product: Links,
  memberOf: (sku: string) => PricedFields | undefined,
  now: Date,
  timeZone: string = SHOP_TIME_ZONE,
): number =>
  sumOf(
    groupedMemberSkus(product).flatMap((sku) => {
      const member = memberOf(sku);
      return member ? [effectivePrice(member, now, timeZone).finalPrice] : [];
    }),
  );

export const GROUPED_QTY_MIN = 1;

/** Spec section 5: "Grouped product quantity: a number, minimum 1" (whole units). */
export const isValidGroupedQty = (qty: unknown): qty is number =>
  typeof qty === 'number' && Number.isInteger(qty) && qty >= GROUPED_QTY_MIN;
