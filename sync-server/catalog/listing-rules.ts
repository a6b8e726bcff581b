/**
 * Spec section 5, as SQL over catalog_products' columns. Out-of-stock listing is on as configured, so
 * stock does not narrow either rule.
 */

/** Default product listing: is_old 0, visibility 2, 3 or 4, status 0 or 1. */
export const LISTABLE_SQL = 'status < 2 AND visibility IN (2, 3, 4) AND is_old = 0';

/** What a product page may show: enabled and visible on its own (spec section 4: rejects status >= 2 or visibility 1). */
export const SHOWABLE_SQL = 'status < 2 AND visibility <> 1';

export const isShowable = (product: { status: number; visibility: number }): boolean =>
  product.status < 2 && product.visibility !== 1;
