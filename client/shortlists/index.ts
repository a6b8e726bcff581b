export * from './product.ts';
export * from './messages.ts';
export * from './wishlist.ts';
export * from './compare.ts';
export * from './recently-viewed.ts';
export * from './last-searches.ts';
export * from './comparison-table.ts';
export * from './store.ts';
