/**
 * The client's URL rules: the listing's filter state and its SEO rules and scrolling between pages, and, shared
 * with the server (schema/routing/: the AMP pages, a cold visit's first search, a page's HTTP status), reading a
 * path (resolvePath), the legacy redirects, the paths themselves, the filter codec and the route table.
 */
export { choosePriceRange, chooseSort, hasActiveFilters, resetFilters, toggleFilter } from './filter-toggle.ts';
export type { ListingFilterState } from './filter-toggle.ts';
export { LEGACY_REDIRECTS, legacyRedirect } from '../../../schema/routing/legacy-redirects.ts';
export { canonicalPathFor, robotsFor } from './listing-seo.ts';
export type { Robots } from './listing-seo.ts';
export { resolvePath } from '../../../schema/routing/resolve-path.ts';
export type {
  RedirectReason,
  Resolution,
  ResolutionKind,
  RouteCategory,
  RouteLookups,
  RouteProduct,
} from '../../../schema/routing/resolve-path.ts';
export { isListing, scrollBehaviour } from './scroll-behaviour.ts';
export type { ScrollBehaviour } from './scroll-behaviour.ts';
