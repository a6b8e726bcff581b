import { z } from 'zod';

/**
 * Which currency a price shows in, a shop setting:
 * - 'BGN': leva first, euro beside it: the spec's display (its default, and the law's from 8 Aug 2025);
 * - 'EUR': euro first, leva as secondary information (Bulgaria's rule since it adopted the euro on 1 Jan 2026);
 * - 'EUR-only': euro alone, once the shop drops the lev figure.
 */
export const priceDisplaySchema = z.enum(['BGN', 'EUR', 'EUR-only']);
export type PriceDisplay = z.infer<typeof priceDisplaySchema>;

export const DEFAULT_PRICE_DISPLAY: PriceDisplay = 'BGN';
