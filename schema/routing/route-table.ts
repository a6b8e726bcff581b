/**
 * Fixed paths of the catalogue's route table (spec section 2, "Route table").
 */

/** "/ (alias /pwa.html) | Home" */
export const HOME_PATHS: readonly string[] = ['/', '/pwa.html'];

/**
 * "/new-apple-products, /promo-apple-products, /pre-orders-apple, /komplekti, /special-offers | One listing page
 * each, filtered by a flag: new, sale, pre-order, bundle, special-offers"
 */
export const FLAG_PAGES = {
  'new-apple-products': 'new',
  'promo-apple-products': 'sale',
  'pre-orders-apple': 'pre-order',
  komplekti: 'bundle',
  'special-offers': 'special-offers',
} as const;
export type ListingFlag = (typeof FLAG_PAGES)[keyof typeof FLAG_PAGES];

/** "/compare | Compare list" and "/sitemap, /error, /page-not-found | Utility pages" */
export const UTILITY_PAGES = {
  compare: 'compare',
  sitemap: 'sitemap',
  error: 'error',
  'page-not-found': 'not-found',
} as const;
export type UtilityPage = (typeof UTILITY_PAGES)[keyof typeof UTILITY_PAGES];

/** "/search={keywords} and /search={keywords}/category={category}" */
export const SEARCH_PREFIX = 'search=';
export const SEARCH_CATEGORY_PREFIX = 'category=';
/** "optional child route cto:{ctoOptions}" */
export const CTO_PREFIX = 'cto:';
/** "The long form /c/{slug} is used when short catalogue URLs are off; they are on as configured." */
export const LONG_CATEGORY_PREFIX = 'c';
