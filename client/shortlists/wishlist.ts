import { z } from 'zod';
import { SHORTLIST_MESSAGES, type ShortlistResult } from './messages.ts';
import { shortlistProductSchema, toShortlistProduct, type ShortlistProductSource } from './product.ts';

/** Spec section 9. */
export const WISHLIST_STORAGE_KEY = 'current-wishlist';

/** Spec section 3: a wishlist item is the product plus a quantity fixed at 1. */
export const wishlistItemSchema = z.object({ product: shortlistProductSchema, qty: z.literal(1) });
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
export type Wishlist = readonly WishlistItem[];

export const isInWishlist = (list: Wishlist, sku: string): boolean => list.some((item) => item.product.sku === sku);

/** Spec: adding an already present sku is ignored (same list, no notice). New items go to the end. */
export const addToWishlist = (list: Wishlist, product: ShortlistProductSource): ShortlistResult<WishlistItem> => {
  if (isInWishlist(list, product.sku)) return { list };
  return {
    list: [...list, { product: toShortlistProduct(product), qty: 1 }],
    notice: { key: SHORTLIST_MESSAGES.wishlistAdded, params: { productName: product.name } },
  };
};

/** Spec: removal is by sku. A sku that is not there changes nothing and shows nothing. */
export const removeFromWishlist = (list: Wishlist, sku: string): ShortlistResult<WishlistItem> => {
  const removed = list.find((item) => item.product.sku === sku);
  if (!removed) return { list };
  return {
    list: list.filter((item) => item !== removed),
    notice: { key: SHORTLIST_MESSAGES.wishlistRemoved, params: { productName: removed.product.name } },
  };
};

/** The stored wishlist: read leniently, a repeated sku is dropped (the first kept). No cap: the spec sets none. */
export const wishlistSchema = z
  .array(wishlistItemSchema)
  .transform((list) => list.filter((item, i) => list.findIndex((o) => o.product.sku === item.product.sku) === i));
