import type { Resolution } from '../../../schema/routing/resolve-path.ts';

/**
 * Spec section 2, "Navigation behaviour": "Navigation scrolls to the top, except between listing pages or between
 * product pages with the same slug, where the hash or the saved position is kept."
 *
 * Decisions:
 * - Listing pages are category, flag and search pages: a move between any two of them keeps the position
 *   (the spec's words, taken literally; the saved position, or the top when there is none, is the router's part).
 * - Product pages keep the position only when the slug is the same (another configuration, cto options or a
 *   hash on the same product).
 * - A redirect is not a page: navigating to one keeps the position, and the navigation to its target decides.
 */
export type ScrollBehaviour = 'top' | 'keep';

const LISTINGS: ReadonlySet<Resolution['kind']> = new Set(['category', 'flag', 'search']);

export const isListing = (resolution: Resolution): boolean => LISTINGS.has(resolution.kind);

export const scrollBehaviour = (from: Resolution, to: Resolution): ScrollBehaviour => {
  if (to.kind === 'redirect') return 'keep';
  if (isListing(from) && isListing(to)) return 'keep';
  if (from.kind === 'product' && to.kind === 'product' && from.slug === to.slug) return 'keep';
  return 'top';
};
