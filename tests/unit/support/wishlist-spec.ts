import { parseCommand } from '../../../schema/commands/registry.ts';
import { emptyWishlist, type WishlistCommand, type WishlistDoc } from '../../../schema/wishlist/index.ts';
import { snapshot } from '../../support/wishlist.ts';
import { commandDoc, OWNER, type Meta } from './commands.ts';

export { snapshot };

const wishlistCommand = (type: WishlistCommand['type'], payload: Record<string, unknown>, meta?: Meta) => {
  const parsed = parseCommand(commandDoc(type, payload, meta));
  if (!parsed.ok) throw new Error(`test command does not parse: ${parsed.message}`);
  return parsed.command as WishlistCommand;
};

export const save = (sku: string, meta?: Meta) =>
  wishlistCommand('wishlist.add', { sku, product: snapshot(sku) }, meta);
export const unsave = (sku: string, meta?: Meta) => wishlistCommand('wishlist.remove', { sku }, meta);

/** A wishlist holding these skus, saved at times 1, 2, 3... */
export const wishlistOf = (skus: string[], owner = OWNER, applied: WishlistDoc['applied'] = []): WishlistDoc => ({
  ...emptyWishlist(owner),
  items: skus.map((sku, i) => ({ sku, addedAt: i + 1, product: snapshot(sku) })),
  applied,
});

export const skusOf = (wishlist: WishlistDoc): string[] => wishlist.items.map((item) => item.sku);
