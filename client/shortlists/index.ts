/* The comparison table (comparison-table.ts) is the compare page's alone and loads with it, off the first page. */
export * from './product.ts';
export * from './messages.ts';
export * from './wishlist.ts';
export * from './compare.ts';
export * from './recently-viewed.ts';
export * from './last-searches.ts';
export * from './store.ts';
export { browserShortlists } from './ui/use-shortlists.ts';
export { shortlistRoutes } from './shortlist-routes.tsx';
export { ShortlistHeaderLinks } from './ui/header-links.tsx';
export { ShortlistToggles } from './ui/shortlist-toggles.tsx';
