/**
 * The client's URL rules: reading a path (resolvePath), the listing's filter state and its SEO rules, the legacy
 * redirects and scrolling between pages. The paths themselves, the filter codec, the sort parameter and the route
 * table are shared with the server (the AMP pages, a cold visit's first search): import them from schema/routing/.
 */
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
export { isListing, scrollBehaviour } from './scroll-behaviour.ts';
export type { ScrollBehaviour } from './scroll-behaviour.ts';
