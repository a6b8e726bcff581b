import { z } from 'zod';
import { CATALOG_IMAGE_SIZES } from '../catalog/media-path.ts';
import { adConditionSchema, adIdSchema, publicAdSchema } from './ad.ts';

/** Default and largest page of the public list (the spec's search defaults: size 50 from 0). */
export const AD_LIST_DEFAULT_SIZE = 50;
export const AD_LIST_MAX_SIZE = 100;
export const AD_SORTS = ['newest', 'price-asc', 'price-desc'] as const;

/**
 * `POST /api/sell/catalog`: the public list of published ads. `q`: words matched in the title and description
 * (any script: "айфон" finds "iPhone"); the filters narrow; a size of 0 or less means the default and a negative
 * start 0 (spec §5).
 */
export const adListQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    category: z.string().trim().max(64).optional(),
    model: z.string().trim().max(64).optional(),
    condition: adConditionSchema.optional(),
    /** Euro cents, inclusive; negotiable ads match no price range. */
    priceMin: z.number().int().min(0).optional(),
    priceMax: z.number().int().min(0).optional(),
    city: z.string().trim().max(60).optional(),
    sort: z.enum(AD_SORTS).default('newest'),
    from: z
      .number()
      .int()
      .default(0)
      .transform((n) => Math.max(0, n)),
    size: z
      .number()
      .int()
      .default(AD_LIST_DEFAULT_SIZE)
      .transform((n) => (n <= 0 ? AD_LIST_DEFAULT_SIZE : Math.min(n, AD_LIST_MAX_SIZE))),
  })
  .strict();
export type AdListQuery = z.output<typeof adListQuerySchema>;

export const adListResultSchema = z.object({
  items: z.array(publicAdSchema),
  total: z.number().int().min(0),
  start: z.number().int().min(0),
  perPage: z.number().int().min(0),
});
export type AdListResult = z.infer<typeof adListResultSchema>;

/** `POST /api/sell/single`: one published ad; an unknown or unpublished id answers 404 'Ad query returned empty result'. */
export const adSingleQuerySchema = z.object({ id: adIdSchema }).strict();
export const AD_EMPTY_RESULT = 'Ad query returned empty result';

/** The sizes of an ad photo the server makes: the spec's picture sizes, as the catalogue's photos. */
export const AD_PHOTO_SIZES = CATALOG_IMAGE_SIZES;
export type AdPhotoSize = keyof typeof AD_PHOTO_SIZES;
/** Where a processed photo is served: `/media/ads/{photoId}/{size}.webp`. */
export const adPhotoPath = (photoId: string, size: AdPhotoSize): string => `/media/ads/${photoId}/${size}.webp`;
