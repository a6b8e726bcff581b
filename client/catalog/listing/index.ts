/**
 * The category listing's public face: the category page for the path routes, and the grid and tile that the
 * flag pages and the search page show too.
 */
export { CategoryPage } from './category-page.tsx';
export { ListingResults } from './listing-results.tsx';
export { ListingTile } from './listing-tile.tsx';
export { usePagedListing } from './use-paged-listing.ts';
export { useProgressiveCount } from './use-progressive-count.ts';
export { searchBeforeClient, takeEmbeddedSearch } from './search-before-client.ts';
