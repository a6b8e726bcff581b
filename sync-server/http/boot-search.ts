import type { z } from 'zod';
import { listOf } from '../../schema/validation/list-of.ts';
import { listingQuery, searchPageQuery } from '../../schema/catalog/listing-query.ts';
import { parseFilterPath } from '../../schema/routing/filter-path.ts';
import { SEARCH_PREFIX } from '../../schema/routing/route-table.ts';
import { parseSortParam } from '../../schema/routing/sort-param.ts';
import { attributeSchema } from '../../schema/catalog/attribute.ts';
import { categorySchema } from '../../schema/catalog/category.ts';
import { decodeSegment } from '../../schema/catalog/rules/product-address.ts';
import type { SearchQueryInput } from '../../schema/search/query.ts';

/** The items of a list answer (`{ code, result: { items } }`), each read on its own, as the page reads them. */
export const itemsOf = <T>(answer: unknown, schema: z.ZodType<T>): T[] => {
  const parsed = listOf(schema).safeParse((answer as { result?: unknown } | null)?.result);
  return parsed.success ? parsed.data.items : [];
};

/**
 * The first search a cold visit asks for, as a guest. A category address (client/catalog/listing/category-page.tsx):
 * its category found by slug in the categories answer, its filter segments read with the attributes answer, its
 * sort from the query string. The search page (client/catalog/search/search-page.tsx): its keywords. The server
 * runs it before sending the page, so the first products come with the page instead of a round trip after the
 * JavaScript (about 0.6 s on slow 4G). Undefined for any other address, for a term too short to search, or when
 * the answers name no such active category.
 */
export const bootSearchFor = (
  pathname: string,
  search: string,
  answers: Record<string, unknown>,
): SearchQueryInput | undefined => {
  const [first = '', ...filterSegments] = pathname.split('/').filter((segment) => segment !== '');
  const slug = decodeSegment(first);
  // The search page (`/search={keywords}`, no category: that one waits for the device's categories).
  if (slug.startsWith(SEARCH_PREFIX)) {
    return filterSegments.length === 0 ? searchPageQuery(slug.slice(SEARCH_PREFIX.length)) : undefined;
  }
  // Only a category slug's address has the categories answer (bootPathsFor): anything else finds none.
  const category = itemsOf(answers['/api/catalog/categories'], categorySchema).find(
    (c) => c.slug === slug && c.is_active,
  );
  if (!category) return undefined;
  const attributes = itemsOf(answers['/api/catalog/attributes'], attributeSchema);
  const { filters, price } = parseFilterPath(filterSegments.join('/'), attributes);
  return listingQuery(category.id, { filters, price, sort: parseSortParam(search) }, 0);
};
