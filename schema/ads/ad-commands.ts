import { z } from 'zod';
import { epochMsSchema } from '../commands/envelope.ts';
import { adIdSchema, adInputSchema, adStatusSchema } from './ad.ts';

/**
 * The ads' commands (spec: Ad save, renew, delete). Each is queued offline like an order and executed once.
 * - `ad.save`: creates the ad with this id, or edits the owner's ad of this id (another owner's id is refused,
 *   `ad_not_found`); a new or edited ad goes to `wait` while a photo is missing, else to `pending` (review).
 * - `ad.renew`: a published or finished ad listed for another period.
 * - `ad.delete`: the owner's ad gone from every list.
 */
export const adCommands = {
  'ad.save': {
    payload: z.object({ ad: adInputSchema }).strict(),
    result: z.object({ adId: adIdSchema, status: adStatusSchema }),
  },
  'ad.renew': {
    payload: z.object({ adId: adIdSchema }).strict(),
    result: z.object({ adId: adIdSchema, expiresAt: epochMsSchema }),
  },
  'ad.delete': {
    payload: z.object({ adId: adIdSchema }).strict(),
    result: z.object({ adId: adIdSchema }),
  },
} as const;

/** The refusal codes of the ads' rules (each has a text in both languages on the client). */
export const AD_REFUSAL_CODES = [
  'ad_not_found',
  'ad_limit_reached',
  'ad_unknown_category',
  'ad_unknown_model',
  'ad_not_renewable',
] as const;
export type AdRefusalCode = (typeof AD_REFUSAL_CODES)[number];
