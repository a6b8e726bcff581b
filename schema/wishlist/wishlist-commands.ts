import { z } from 'zod';
import { skuSchema } from '../cart/cart.ts';
import { shortlistProductSchema } from '../catalog/shortlist-product.ts';

/**
 * The wishlist's commands, by sku. `wishlist.add` carries the snapshot of the product as the shopper saw it, which
 * the list is drawn from on every device (offline too); it must be that sku's.
 */
export const wishlistCommands = {
  'wishlist.add': {
    payload: z
      .object({ sku: skuSchema, product: shortlistProductSchema })
      .strict()
      .refine((p) => p.product.sku === p.sku, {
        message: 'must be the snapshot of payload.sku',
        path: ['product', 'sku'],
      }),
    /** `added`: false when the sku was there already (the spec ignores such an add). */
    result: z.object({ sku: skuSchema, added: z.boolean() }),
  },
  'wishlist.remove': {
    payload: z.object({ sku: skuSchema }).strict(),
    /** `removed`: false when the sku was not there (nothing changes). */
    result: z.object({ sku: skuSchema, removed: z.boolean() }),
  },
} as const;
