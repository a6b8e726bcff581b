import { priceDisplaySchema, type PriceDisplay } from '../../schema/catalog/rules/price-display.ts';

/**
 * The shop's own choices, fixed when the PWA is built (it must show prices offline, so they cannot wait for
 * the server). `VITE_PRICE_DISPLAY`: 'BGN' (the spec's display: лева first, euro beside), 'EUR' (euro first,
 * лева beside, as the changeover rules of 2026 ask) or 'EUR-only'. A bad value stops the build's app at once
 * with the variable named rather than showing wrong prices.
 */
const parsed = priceDisplaySchema.safeParse(import.meta.env.VITE_PRICE_DISPLAY ?? 'BGN');
if (!parsed.success) {
  throw new Error(`VITE_PRICE_DISPLAY must be one of BGN, EUR, EUR-only; got "${import.meta.env.VITE_PRICE_DISPLAY}"`);
}
export const PRICE_DISPLAY: PriceDisplay = parsed.data;
