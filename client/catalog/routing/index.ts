export { DISPLAY_SIZE_CODE, filterSegmentCount, formatFilterPath, parseFilterPath } from './filter-path.ts';
export type { ParsedFilterPath } from './filter-path.ts';
export { choosePriceRange, chooseSort, hasActiveFilters, resetFilters, toggleFilter } from './filter-toggle.ts';
export type { ListingFilterState } from './filter-toggle.ts';
export { LEGACY_REDIRECTS, legacyRedirect } from './legacy-redirects.ts';
export { canonicalPathFor, robotsFor } from './listing-seo.ts';
export type { Robots } from './listing-seo.ts';
export { resolvePath } from './resolve-path.ts';
export type {
  RedirectReason,
  Resolution,
  ResolutionKind,
  RouteCategory,
  RouteLookups,
  RouteProduct,
} from './resolve-path.ts';
export { ampCategoryPath, ampProductPath } from './amp-paths.ts';
export { categoryPath, productPath, searchPath } from './route-paths.ts';
export {
  CTO_PREFIX,
  FLAG_PAGES,
  HOME_PATHS,
  LONG_CATEGORY_PREFIX,
  SEARCH_CATEGORY_PREFIX,
  SEARCH_PREFIX,
  UTILITY_PAGES,
} from './route-table.ts';
export type { ListingFlag, UtilityPage } from './route-table.ts';
export { isListing, scrollBehaviour } from './scroll-behaviour.ts';
export type { ScrollBehaviour } from './scroll-behaviour.ts';
