import { filter, from, switchMap, take, type Subscription } from 'rxjs';
import { z } from 'zod';
import { shortlistProductSchema } from '../../schema/catalog/shortlist-product.ts';
import { LEGACY_WISHLIST_STORAGE_KEY } from '../../schema/wishlist/index.ts';
import type { StartContext } from '../sync/feature.ts';

type KeyValueStorage = Pick<Storage, 'getItem' | 'removeItem'>;

/** One item as the spec's browser-storage wishlist kept it: the product and a qty of 1. */
const legacyItemSchema = z.object({ product: shortlistProductSchema });

/** The stored list, item by item: an item this version cannot read is left behind, the rest carried over. */
const readLegacyWishlist = (raw: string): z.infer<typeof shortlistProductSchema>[] => {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  return json.flatMap((item) => {
    const parsed = legacyItemSchema.safeParse(item);
    return parsed.success ? [parsed.data.product] : [];
  });
};

const browserStorage = (): KeyValueStorage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage refused (privacy settings): there is nothing to carry over either.
    return undefined;
  }
};

/**
 * A shopper upgrading from the device-only wishlist loses nothing: what browser storage holds under the spec's
 * key is saved to the synced wishlist once, as `wishlist.add` commands (an add of a saved product is a no-op, so
 * two tabs carrying it over at once do no harm), and the key is removed once they are all stored locally. The
 * commands wait for the device's identity; offline, they go when it is back, like any other.
 */
export const carryOverStoredWishlist = (
  { dispatch, identityReady$ }: StartContext,
  storage: KeyValueStorage | undefined = browserStorage(),
): Subscription | undefined => {
  const raw = storage?.getItem(LEGACY_WISHLIST_STORAGE_KEY);
  if (!storage || !raw) return undefined;
  const products = readLegacyWishlist(raw);
  return identityReady$
    .pipe(
      filter(Boolean),
      take(1),
      switchMap(() =>
        from(
          (async () => {
            for (const product of products) await dispatch('wishlist.add', { sku: product.sku, product });
            storage.removeItem(LEGACY_WISHLIST_STORAGE_KEY);
          })(),
        ),
      ),
    )
    .subscribe({
      error: (error: unknown) => console.error('[wishlist] carrying the stored wishlist over failed', error),
    });
};
