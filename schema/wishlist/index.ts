export * from './wishlist.ts';
export * from './wishlist-commands.ts';
export * from './wishlist-rules.ts';
