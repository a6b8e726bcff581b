/** The wishlist's public face on the server. */
export { wishlistFeature, wishlistReadModel } from './wishlist-feature.ts';
