/** The product snapshot a shortlist keeps: shared with the server, which stores it in the synced wishlist. */
export * from '../../schema/catalog/shortlist-product.ts';
