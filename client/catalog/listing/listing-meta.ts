import type { Attribute } from '../../../schema/catalog/attribute.ts';
import type { Category } from '../../../schema/catalog/category.ts';
import { cutDescription } from '../product/index.ts';

/**
 * The meta description of a category listing (spec section 2, "Category page": "structured-data and meta tags").
 *
 * Decisions, first that applies:
 * 1. exactly one filter value whose SEO texts the category carries (`filters_metadata[code][option slug]`):
 *    that landing page's own text;
 * 2. the category's `meta_description`;
 * 3. its description as plain text, cut to 160 characters (what search results show);
 * 4. the caller's fallback (a sentence built from the category's name in the interface language).
 */
export const META_DESCRIPTION_LIMIT = 160;

export interface ListingMetaInput {
  readonly category: Pick<Category, 'meta_description' | 'description' | 'filters_metadata'>;
  readonly filters: Readonly<Record<string, readonly string[]>>;
  readonly attributes: readonly Attribute[];
  readonly fallback: string;
}

const singleFilter = (filters: ListingMetaInput['filters']): { code: string; value: string } | undefined => {
  const chosen = Object.entries(filters).flatMap(([code, values]) => values.map((value) => ({ code, value })));
  return chosen.length === 1 ? chosen[0] : undefined;
};

export const listingMetaDescription = ({ category, filters, attributes, fallback }: ListingMetaInput): string => {
  const one = singleFilter(filters);
  if (one) {
    const slug = attributes
      .find((a) => a.attribute_code === one.code)
      ?.options.find((o) => o.value === one.value)?.slug;
    const landing = slug === undefined ? undefined : category.filters_metadata[one.code]?.[slug]?.meta_description;
    if (landing) return landing;
  }
  if (category.meta_description.trim() !== '') return category.meta_description.trim();
  const described = cutDescription(category.description, META_DESCRIPTION_LIMIT);
  return described !== '' ? described : fallback;
};
