import type { Attribute } from '../../../schema/catalog/attribute.ts';
import type { PriceRangeFilter } from '../../../schema/search/query.ts';
import { filterSegmentCount, formatFilterPath } from '../../../schema/routing/filter-path.ts';
import { categoryPath } from '../../../schema/routing/route-paths.ts';

/**
 * SEO of a category listing (spec section 2, "Category page"): "Sort control, breadcrumbs, latest blog posts,
 * structured-data and meta tags, and a canonical link." and "More than one filter segment makes the page
 * noindex, follow."
 *
 * Decisions:
 * - Segments are counted as the filter path writes them: one per chosen option value, one for a price range.
 * - Canonical link: with no filter or exactly one filter segment the page is indexed, and its canonical is its
 *   own canonical path (the category with that one segment: such a page is a landing page, and the category's
 *   `filters_metadata` gives it its own heading and meta texts). With more than one segment the page is not
 *   indexed, and its canonical is the bare category path. Paging and sort never appear in it.
 * - The canonical is a path; the caller prefixes the shop's origin.
 */
export type Robots = 'index,follow' | 'noindex,follow';

export const robotsFor = (filters: Readonly<Record<string, readonly string[]>>, price?: PriceRangeFilter): Robots =>
  filterSegmentCount(filters, price) > 1 ? 'noindex,follow' : 'index,follow';

export const canonicalPathFor = (
  categorySlug: string,
  filters: Readonly<Record<string, readonly string[]>>,
  price: PriceRangeFilter | undefined,
  attributes: readonly Attribute[],
): string => {
  if (robotsFor(filters, price) === 'noindex,follow') return categoryPath(categorySlug);
  return categoryPath(categorySlug, formatFilterPath(filters, price, attributes));
};
