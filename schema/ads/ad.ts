import { z } from 'zod';
import { epochMsSchema, ownerIdSchema } from '../commands/envelope.ts';
import { plainText } from '../validation/plain-text.ts';

/**
 * A second-hand ad (spec: commerce.md §3 Ad, §4 Ads; catalogue.md §1). Its id is a UUID the device makes when the
 * shopper starts the ad, so an ad written offline has its id (and its photos their ids) before the server has seen
 * it; the same id saved twice is an edit, never a second ad.
 *
 * Statuses (the spec's dictionary names six; what each means here):
 * - `wait`: saved, but a photo is still on its way from the device: a draft, never listed, never half published;
 * - `pending`: every photo has arrived; waiting for an operator;
 * - `process`: an operator has taken it for review;
 * - `send`: approved and published in /posts/sell until `expiresAt`;
 * - `finished`: its period ran out (renew publishes it again for another period);
 * - `refused`: an operator refused it, with a `refusal` reason the owner sees; an edit sends it back to review.
 */
export const AD_STATUSES = ['wait', 'pending', 'process', 'send', 'finished', 'refused'] as const;
export const adStatusSchema = z.enum(AD_STATUSES);
export type AdStatus = z.infer<typeof adStatusSchema>;

/** How long a published ad stays listed; renew extends it by as much from the later of now and its expiry. */
export const AD_PERIOD_DAYS = 30;
export const AD_PERIOD_MS = AD_PERIOD_DAYS * 24 * 60 * 60 * 1000;
/** Photos one ad may carry. */
export const AD_MAX_PHOTOS = 8;
/** Ads one owner may keep (any status): bounds the owner's read model, which every device of theirs replicates. */
export const AD_MAX_PER_OWNER = 50;
/** The highest asking price, in euro cents (100,000 €): above it is a typo or a joke. */
export const AD_MAX_PRICE_CENTS = 10_000_000;

export const AD_CONDITIONS = ['new', 'like-new', 'good', 'fair', 'for-parts'] as const;
export const adConditionSchema = z.enum(AD_CONDITIONS);
export type AdCondition = z.infer<typeof adConditionSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const adIdSchema = z.string().max(36).regex(UUID, 'must be a lower-case UUID');
/** A photo's id: a UUID the device makes when the shopper picks the photo (client/ad-photos). */
export const adPhotoIdSchema = z.string().max(36).regex(UUID, 'must be a lower-case UUID');

/** The asking price: a fixed amount in euro cents (what the shopper sees is what the ad says), or "negotiable". */
export const adPriceSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('fixed'),
      cents: z.number().int('must be whole cents').min(1, 'must be above zero').max(AD_MAX_PRICE_CENTS),
    })
    .strict(),
  z.object({ kind: z.literal('negotiable') }).strict(),
]);
export type AdPrice = z.infer<typeof adPriceSchema>;

/** How buyers reach the seller: a name and a phone, an e-mail optional. */
export const adContactSchema = z
  .object({
    name: plainText(2, 50),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number'),
    email: z.email('must be an e-mail address').max(100).optional(),
  })
  .strict();

/**
 * What the shopper writes (the payload of `ad.save`). `category`: a catalogue category slug (laptopi, telefoni,
 * tableti, apple-watch, aksesoari...) and `model`: one of that category's `model` attribute values, both checked
 * against the catalogue by the server's rules.
 */
export const adInputSchema = z
  .object({
    id: adIdSchema,
    title: plainText(5, 80),
    description: plainText(10, 4000),
    category: z.string().trim().min(1).max(64),
    model: z.string().trim().min(1).max(64).optional(),
    condition: adConditionSchema,
    price: adPriceSchema,
    city: plainText(2, 60),
    photos: z.array(adPhotoIdSchema).max(AD_MAX_PHOTOS, `must be at most ${AD_MAX_PHOTOS} photos`),
    contact: adContactSchema,
  })
  .strict()
  .refine((ad) => new Set(ad.photos).size === ad.photos.length, {
    message: 'must not list a photo twice',
    path: ['photos'],
  });
export type AdInput = z.infer<typeof adInputSchema>;

/** An ad as its owner sees it on every device (the `myAds` read model). */
export const ownAdSchema = adInputSchema.safeExtend({
  status: adStatusSchema,
  /** Why an operator refused it (status `refused`). */
  refusal: z.string().max(500).optional(),
  createdAt: epochMsSchema,
  updatedAt: epochMsSchema,
  /** Set once published: until when it is listed. */
  expiresAt: epochMsSchema.optional(),
});
export type OwnAd = z.infer<typeof ownAdSchema>;

/** An ad as anyone sees it in /posts/sell and /posts/view/{id}: published ones only, no owner id. */
export const publicAdSchema = z.object({
  id: adIdSchema,
  title: z.string(),
  description: z.string(),
  category: z.string(),
  model: z.string().optional(),
  condition: adConditionSchema,
  price: adPriceSchema,
  city: z.string(),
  photos: z.array(adPhotoIdSchema),
  contact: adContactSchema,
  publishedAt: epochMsSchema,
  expiresAt: epochMsSchema,
});
export type PublicAd = z.infer<typeof publicAdSchema>;

export const ownerOfAdSchema = ownerIdSchema;
