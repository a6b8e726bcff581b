import { z } from 'zod';
import { appliedSeqSchema } from '../commands/applied-seqs.ts';
import { epochMsSchema, ownerIdSchema, serverSeqSchema } from '../commands/envelope.ts';
import { AD_MAX_PER_OWNER, ownAdSchema } from './ad.ts';

/** The collection (and its table on the server) of the owner's ads: one document per owner, like the wishlist. */
export const MY_ADS_COLLECTION = 'myAds';

/**
 * The `myAds` read model: every ad of the owner in any status, newest first, written only by the server (the
 * owner's commands, an operator's decision, a photo arriving, the expiry sweep) and replicated to every device of
 * the owner, so each decision reaches them live.
 */
export const myAdsDocSchema = z
  .object({
    owner: ownerIdSchema,
    ads: z.array(ownAdSchema).max(AD_MAX_PER_OWNER),
    applied: z.array(appliedSeqSchema),
    updatedAt: epochMsSchema,
    serverSeq: serverSeqSchema,
  })
  .strict();
export type MyAdsDoc = z.infer<typeof myAdsDocSchema>;

export const emptyMyAds = (owner: string): MyAdsDoc => ({ owner, ads: [], applied: [], updatedAt: 0, serverSeq: 0 });
