import { z } from 'zod';

export const RECENTLY_VIEWED_STORAGE_KEY = 'recently-viewed';

/** Our decision (the spec gives none): 12, two rows of a six-tile carousel. */
export const RECENTLY_VIEWED_MAX = 12;

const skuSchema = z.string().min(1).max(64);

/** Newest first, unique, at most the cap (stored lists are read leniently: duplicates dropped, the tail cut). */
export const recentlyViewedSchema = z
  .array(skuSchema)
  .transform((list) => [...new Set(list)].slice(0, RECENTLY_VIEWED_MAX));
export type RecentlyViewed = readonly string[];

/**
 * Spec: recently viewed is a list by sku, newest first. Viewing a sku puts it in front (moving it if it was
 * already there); the oldest drop off past the cap. Viewing the sku that is already first returns the same list.
 */
export const recordView = (list: RecentlyViewed, sku: string): RecentlyViewed => {
  if (!skuSchema.safeParse(sku).success || list[0] === sku) return list;
  return [sku, ...list.filter((s) => s !== sku)].slice(0, RECENTLY_VIEWED_MAX);
};
