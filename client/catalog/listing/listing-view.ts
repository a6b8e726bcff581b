/**
 * Grid or list view of a listing (spec section 2, "Product tile": "Grid and list views"). The shopper's choice is
 * kept in localStorage under one key for every listing, so it follows them from category to category and survives
 * a reload; anything else stored there reads as the grid, the default.
 */
export type ListingView = 'grid' | 'list';
export const LISTING_VIEWS: readonly ListingView[] = ['grid', 'list'];
export const LISTING_VIEW_STORAGE_KEY = 'listing-view';

export const parseListingView = (stored: string | null | undefined): ListingView =>
  stored === 'list' ? 'list' : 'grid';
