import { emptyWishlist, type CommandType } from '../../schema/index.ts';
import {
  applyWishlistCommand,
  isWishlistCommand,
  mergeGuestWishlist,
  wishlistCommands,
  type WishlistDoc,
} from '../../schema/wishlist/index.ts';
import { outcomeOf, type ReadModelWrite, type ServerFeature } from '../features/feature.ts';
import { lockOwnerDocuments, ownerReadModel } from '../features/owner-documents.ts';

/** The wishlist: one document per owner in `wishlists`, replicated as the `wishlists` collection. */
export const wishlistReadModel = ownerReadModel('wishlists', 'wishlists', emptyWishlist);

const write = (wishlist: WishlistDoc, now: number): ReadModelWrite => {
  const { serverSeq: _old, ...doc } = wishlist;
  return { model: wishlistReadModel, owner: wishlist.owner, doc: { ...doc, updatedAt: now } };
};

/**
 * The synced wishlist (beyond the spec, which keeps it on one device): the shared pure rules of schema/wishlist
 * run on the batch's locked wishlists. Nothing else is read: the item's snapshot comes with the command.
 */
export const wishlistFeature: ServerFeature = {
  name: 'wishlist',
  commands: Object.keys(wishlistCommands) as CommandType[],
  readModels: [wishlistReadModel],

  async open(_tx, commands, now, documents) {
    await documents.lock(
      wishlistReadModel,
      commands.map((c) => c.owner),
    );
    return {
      handle(command) {
        if (!isWishlistCommand(command)) throw new Error(`not a wishlist command: ${command.type}`);
        const current = documents.get<WishlistDoc>(wishlistReadModel, command.owner);
        const { wishlist, decision } = applyWishlistCommand(current, command, now);
        documents.set(wishlistReadModel, command.owner, wishlist);
        return outcomeOf(decision);
      },
    };
  },

  /** The guest's saved products join the user's (a union by sku), once; the guest's list is emptied. */
  async mergeGuest(tx, guest, user, now) {
    const wishlists = await lockOwnerDocuments<WishlistDoc>(tx, wishlistReadModel, [guest, user]);
    const guestList = wishlists.get(guest)!;
    if (guestList.items.length === 0 && guestList.applied.length === 0) return [];
    const merged = mergeGuestWishlist(wishlists.get(user)!, guestList, now);
    return [write(merged, now), write({ ...guestList, items: [] }, now)];
  },
};
