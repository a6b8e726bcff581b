import { priceDisplaySchema, type PriceDisplay } from '../../schema/catalog/rules/price-display.ts';

/**
 * The shop's own choices, fixed when the PWA is built (it must show prices offline, so they cannot wait for
 * the server). `VITE_PRICE_DISPLAY`: 'EUR' (the default: euro first, лева beside, as Bulgaria has charged in euro
 * since 2026-01-01), 'BGN' (the spec's display: лева first, euro beside) or 'EUR-only'. A bad value stops the
 * build's app at once with the variable named rather than showing wrong prices.
 */
const parsed = priceDisplaySchema.safeParse(import.meta.env.VITE_PRICE_DISPLAY ?? 'EUR');
if (!parsed.success) {
  throw new Error(`VITE_PRICE_DISPLAY must be one of BGN, EUR, EUR-only; got "${import.meta.env.VITE_PRICE_DISPLAY}"`);
}
export const PRICE_DISPLAY: PriceDisplay = parsed.data;

/**
 * Spec Cart step 7: a line whose product ran out is kept but flagged when out-of-stock items are allowed in the cart
 * ('flag', the default), otherwise removed ('remove'). `VITE_CART_OUT_OF_STOCK`.
 */
export type OutOfStockInCart = 'flag' | 'remove';
const outOfStock = import.meta.env.VITE_CART_OUT_OF_STOCK ?? 'flag';
if (outOfStock !== 'flag' && outOfStock !== 'remove') {
  throw new Error(`VITE_CART_OUT_OF_STOCK must be flag or remove; got "${outOfStock}"`);
}
export const OUT_OF_STOCK_IN_CART: OutOfStockInCart = outOfStock;
