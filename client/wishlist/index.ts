/**
 * The synced wishlist's public face for the interface. Its sync registration (feature.ts) is imported by the
 * registry alone (client/features.ts): it brings rules and schemas the first page does not load.
 */
export { isSaved, removeFromWishlist, toggleWishlist, useWishlist } from './use-wishlist.ts';
