import type { Cart } from '../../schema/cart/cart.ts';
import type { WishlistDoc } from '../../schema/wishlist/wishlist.ts';
import type { Sql } from '../store/database.ts';
import type { ListedLine } from './mail-texts.ts';

/** What a mailing needs of its owner: the address, the cart's lines and the wishlist's, as the read models hold them. */
export interface MailingSource {
  email: string | undefined;
  cart: ListedLine[];
  wishlist: ListedLine[];
}

/**
 * Reads the owners' addresses, carts and wishlists (read models of other features, read, not written: the batch
 * holds the owners' locks, so no command of theirs changes them meanwhile).
 */
export const loadMailingSources = async (tx: Sql, owners: readonly string[]): Promise<Map<string, MailingSource>> => {
  const list = [...new Set(owners)];
  const [users, carts, wishlists] = await Promise.all([
    tx.query<{ owner: string; email: string }>('SELECT owner, email FROM users WHERE owner = ANY($1)', [list]),
    tx.query<{ owner: string; doc: Pick<Cart, 'items'> }>('SELECT owner, doc FROM carts WHERE owner = ANY($1)', [list]),
    tx.query<{ owner: string; doc: Pick<WishlistDoc, 'items'> }>(
      'SELECT owner, doc FROM wishlists WHERE owner = ANY($1)',
      [list],
    ),
  ]);
  const sources = new Map<string, MailingSource>();
  for (const owner of list) {
    const cart = carts.find((row) => row.owner === owner)?.doc.items ?? [];
    const wishlist = wishlists.find((row) => row.owner === owner)?.doc.items ?? [];
    sources.set(owner, {
      email: users.find((row) => row.owner === owner)?.email,
      cart: cart.map(({ sku, name, qty, unitPriceInclTax }) => ({ sku, name, qty, unitPriceInclTax })),
      wishlist: wishlist.map(({ sku, product }) => ({
        sku,
        name: product.name,
        qty: 1,
        unitPriceInclTax: Math.min(product.priceInclTax ?? 0, product.specialPriceInclTax ?? Number.MAX_SAFE_INTEGER),
      })),
    });
  }
  return sources;
};
