import { z } from 'zod';
import { SHORTLIST_MESSAGES, type ShortlistResult } from './messages.ts';
import {
  shortlistProductSchema,
  toShortlistProduct,
  type ShortlistProduct,
  type ShortlistProductSource,
} from './product.ts';

export const COMPARE_STORAGE_KEY = 'compare-list';

/**
 * Our decision (the spec gives no limit): 4 products. Four columns of attributes still fit a laptop screen and
 * scroll sideways on a phone; more is no longer a comparison.
 */
export const COMPARE_MAX = 4;

export const compareItemSchema = shortlistProductSchema;
export type CompareList = readonly ShortlistProduct[];

/** Stored lists are read leniently: duplicates dropped (first kept) and anything over the cap cut off. */
export const compareListSchema = z
  .array(compareItemSchema)
  .transform((list) => list.filter((p, i) => list.findIndex((q) => q.sku === p.sku) === i).slice(0, COMPARE_MAX));

export const isInCompare = (list: CompareList, sku: string): boolean => list.some((p) => p.sku === sku);

/**
 * Spec: added by sku, with a notice. A sku already there is ignored (no notice), like the wishlist. When the list
 * is full the product is not added and a `compareFull` notice says why; the user removes one first (we do not drop
 * the oldest silently: the user chose those products).
 */
export const addToCompare = (list: CompareList, product: ShortlistProductSource): ShortlistResult<ShortlistProduct> => {
  if (isInCompare(list, product.sku)) return { list };
  if (list.length >= COMPARE_MAX) {
    return {
      list,
      notice: { key: SHORTLIST_MESSAGES.compareFull, params: { productName: product.name, max: COMPARE_MAX } },
    };
  }
  return {
    list: [...list, toShortlistProduct(product)],
    notice: { key: SHORTLIST_MESSAGES.compareAdded, params: { productName: product.name } },
  };
};

/** Spec: removed by sku, with a notice. A sku that is not there changes nothing and shows nothing. */
export const removeFromCompare = (list: CompareList, sku: string): ShortlistResult<ShortlistProduct> => {
  const removed = list.find((p) => p.sku === sku);
  if (!removed) return { list };
  return {
    list: list.filter((p) => p !== removed),
    notice: { key: SHORTLIST_MESSAGES.compareRemoved, params: { productName: removed.name } },
  };
};
