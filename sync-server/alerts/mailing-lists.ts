import type { Cart } from '../../schema/cart/cart.ts';
import type { WishlistDoc } from '../../schema/wishlist/wishlist.ts';
import type { ListedLine } from './mail-texts.ts';

/** A cart's lines as a mailing lists them. */
export const cartListed = (cart: Pick<Cart, 'items'>): ListedLine[] =>
  cart.items.map(({ sku, name, qty, unitPriceInclTax }) => ({ sku, name, qty, unitPriceInclTax }));

/** A wishlist's products as a mailing lists them, each at its lower price (the special price while it runs). */
export const wishlistListed = (wishlist: Pick<WishlistDoc, 'items'>): ListedLine[] =>
  wishlist.items.map(({ sku, product }) => ({
    sku,
    name: product.name,
    qty: 1,
    unitPriceInclTax: Math.min(product.priceInclTax ?? 0, product.specialPriceInclTax ?? Number.MAX_SAFE_INTEGER),
  }));
