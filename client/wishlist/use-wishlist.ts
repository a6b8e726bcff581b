import { firstValueFrom } from 'rxjs';
import type { ShortlistProductSource } from '../../schema/catalog/shortlist-product.ts';
import { toShortlistProduct } from '../../schema/catalog/shortlist-product.ts';
import type { WishlistEntry } from '../../schema/wishlist/wishlist.ts';
import { getStoreClient, useStoreClient, type StoreClient } from '../store/index.ts';
import { notify } from '../ui/notifications.tsx';
import { useObservable } from '../ui/use-observable.ts';

const NONE: readonly WishlistEntry[] = Object.freeze([]);

/** The wishlist as this shopper sees it on every device: the synced one, with this device's changes at once. */
export const useWishlist = (): readonly WishlistEntry[] => useObservable(useStoreClient()?.wishlist$)?.items ?? NONE;

export const isSaved = (wishlist: readonly WishlistEntry[], sku: string): boolean =>
  wishlist.some((item) => item.sku === sku);

/**
 * The tab's store, started if it was not yet (a tap before the page settled): the shopper's tap is kept, not dropped
 * because the local store was still loading. It need not wait for an identity: a tap before one is kept on the
 * device under a provisional owner (client/sync/provisional.ts).
 */
const readyClient = (): Promise<StoreClient> => getStoreClient();

const sayFailed = (error: unknown) => {
  console.error('[wishlist] the change could not be stored', error);
  notify({ kind: 'error', message: { key: 'notify.dispatchError' } });
};

/**
 * Saves the product, or removes it when it is saved; the spec's notice (with OK) follows at once, online or not,
 * since the list shown changes at once. Every device of the shopper follows when the server has it.
 */
export const toggleWishlist = async (product: ShortlistProductSource): Promise<void> => {
  try {
    const client = await readyClient();
    const saved = isSaved((await firstValueFrom(client.wishlist$)).items, product.sku);
    if (saved) {
      await client.dispatch('wishlist.remove', { sku: product.sku });
    } else {
      await client.dispatch('wishlist.add', { sku: product.sku, product: toShortlistProduct(product) });
    }
    notify({
      kind: 'success',
      message: {
        key: saved ? 'shortlists.wishlistRemoved' : 'shortlists.wishlistAdded',
        params: { productName: product.name },
      },
    });
  } catch (error) {
    sayFailed(error);
  }
};

/** Removes a saved product (the wishlist page's button), with the spec's notice. */
export const removeFromWishlist = async (item: WishlistEntry): Promise<void> => {
  try {
    const client = await readyClient();
    await client.dispatch('wishlist.remove', { sku: item.sku });
    notify({
      kind: 'success',
      message: { key: 'shortlists.wishlistRemoved', params: { productName: item.product.name } },
    });
  } catch (error) {
    sayFailed(error);
  }
};
