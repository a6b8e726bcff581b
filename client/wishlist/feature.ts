import { combineLatest, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import type { CommandType } from '../../schema/index.ts';
import { rxdbSchemas } from '../../schema/rxdb/collections.ts';
import {
  emptyWishlist,
  foldPendingIntoWishlist,
  WISHLIST_REFUSALS,
  wishlistCommands,
  type WishlistDoc,
} from '../../schema/wishlist/index.ts';
import { defineClientFeature, rxSchema } from '../sync/feature.ts';
import { carryOverStoredWishlist } from './carry-over.ts';

/**
 * The synced wishlist on the local store: the owner's `wishlists` document, with this device's pending saves and
 * removals folded over it by the server's own rules (schema/wishlist). A guest's syncs like the cart and joins the
 * user's at login; at logout the device forgets it (spec: logout clears the wishlist).
 */
export const wishlistFeature = defineClientFeature({
  name: 'wishlist',
  commands: Object.keys(wishlistCommands) as CommandType[],
  collections: {
    wishlists: { schema: () => rxSchema<WishlistDoc>(rxdbSchemas().wishlists), scope: 'owner' },
  },
  refusalCodes: Object.keys(WISHLIST_REFUSALS),
  views(context) {
    const wishlists = context.collection<WishlistDoc>('wishlists');
    const wishlist$: Observable<WishlistDoc> = context.owner$.pipe(
      switchMap((owner) =>
        !owner
          ? of(emptyWishlist(''))
          : combineLatest([wishlists.findOne(owner).$, context.pending$]).pipe(
              map(([doc, pending]) =>
                foldPendingIntoWishlist(
                  doc ? (doc.toMutableJSON() as WishlistDoc) : emptyWishlist(owner),
                  pending,
                  context.parse,
                ),
              ),
            ),
      ),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    return { wishlist$ };
  },
  start: (context) => carryOverStoredWishlist(context),
});
