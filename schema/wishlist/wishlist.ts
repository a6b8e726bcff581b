import { z } from 'zod';
import { appliedSeqSchema } from '../commands/applied-seqs.ts';
import { epochMsSchema, ownerIdSchema, serverSeqSchema } from '../commands/envelope.ts';
import { shortlistProductSchema } from '../catalog/shortlist-product.ts';
import { skuSchema } from '../cart/cart.ts';

/**
 * The most products one wishlist keeps. The spec sets no cap; this one bounds a document every device of the
 * owner replicates (a shopper saving more than this is a script, not a person).
 */
export const WISHLIST_MAX_ITEMS = 500;

/**
 * A saved product: its sku, when it was saved, and the snapshot the list is drawn from offline (spec: a wishlist
 * item is the product with qty fixed at 1; the views refresh price and stock from the catalogue by sku).
 */
export const wishlistEntrySchema = z.object({
  sku: skuSchema,
  addedAt: epochMsSchema,
  product: shortlistProductSchema,
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

/** The wishlist read model: one per owner, written only by the server, replicated to every device of the owner. */
export const wishlistDocSchema = z
  .object({
    owner: ownerIdSchema,
    items: z.array(wishlistEntrySchema).max(WISHLIST_MAX_ITEMS),
    applied: z.array(appliedSeqSchema),
    updatedAt: epochMsSchema,
    serverSeq: serverSeqSchema,
  })
  .strict();
export type WishlistDoc = z.infer<typeof wishlistDocSchema>;

export const emptyWishlist = (owner: string): WishlistDoc => ({
  owner,
  items: [],
  applied: [],
  updatedAt: 0,
  serverSeq: 0,
});

/** Spec section 9: where the wishlist was kept in browser storage before it synced (read once, then removed). */
export const LEGACY_WISHLIST_STORAGE_KEY = 'current-wishlist';
