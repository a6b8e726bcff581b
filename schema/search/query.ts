import { z } from 'zod';
import { optionValueSchema, stotinkiSchema } from '../catalog/catalog-product.ts';

/**
 * The catalogue search query: one model for category listings and text search, read the same way by the
 * embedded engine (server and browser) and the Elasticsearch engine. Field names follow the spec's search
 * options (catalogue.md section 3): current, perPage, sort, filters, append, populateAggregations.
 */

/** Spec section 9: default search page size 50, start 0; section 5: size 0 or less becomes 50. */
export const DEFAULT_PAGE_SIZE = 50;
/** Our cap (the spec names none): a bigger page is cut to this, never refused. */
export const MAX_PAGE_SIZE = 1000;
/** Spec section 5: "The search term needs at least 3 characters." Counted in characters of the trimmed term. */
export const MIN_TERM_LENGTH = 3;
/** Longest term accepted; a longer one is refused by the schema. */
export const MAX_TERM_LENGTH = 200;
/** Spec section 9: filter aggregation size 10. */
export const AGGREGATION_SIZE = 10;
/** Spec section 9: min score 0.02 (on the BM25 scale both engines score on). */
export const MIN_SCORE = 0.02;
/** Spec section 9: fields name (boost 4), sku (4), category.name (1). */
export const SEARCH_FIELDS = [
  { field: 'name', boost: 4 },
  { field: 'sku', boost: 4 },
  { field: 'category.name', boost: 1 },
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number]['field'];
/**
 * Issue 19: the fields searched with the query folded to Latin (schema/search/cross-script.ts): the name folded
 * (80% of the words, as the others), and the name's head folded, which must hold every word and then outweighs
 * the rest: a product the query names comes before the accessories that only mention it, and an accessory query
 * ("iphone case") is not won by a head that holds one of its words. Paths are the Elasticsearch mapping's.
 */
export const LATIN_SEARCH_FIELDS = [
  { field: 'name.latin', boost: 3, allTerms: false },
  { field: 'search.name_head', boost: 6, allTerms: true },
] as const;
/**
 * Issue 29: what a query whose words (80% of them, as the text) name a product's kind adds to that product's
 * score, per word: category names and their everyday synonyms (schema/search/product-kind.ts). Above what the
 * text alone scores for a rare word in a name (about 30: "Стойка за лаптоп" for "лаптоп"), so a query that names
 * a kind lists that kind first, and the text still orders the products within it.
 */
export const KIND_BOOST = 40;
/** Spec section 9: minimum should match 80%. */
export const MINIMUM_SHOULD_MATCH = 0.8;
/** Spec section 9: fuzziness 2, the most edits any term gets (see `maxEditsFor` for the length ramp). */
export const MAX_FUZZINESS = 2;
/** The price filter's attribute code in routes (`cena-from-to`) and in the aggregation's name (`agg_terms_cena`). */
export const PRICE_FILTER_CODE = 'cena';

export const searchSortSchema = z.enum(['default', 'price-asc', 'price-desc']);
export type SearchSort = z.infer<typeof searchSortSchema>;

/** Which visibility rule applies (spec section 5): a category or flag listing, or the search results page. */
export const searchModeSchema = z.enum(['listing', 'search']);
export type SearchMode = z.infer<typeof searchModeSchema>;

/**
 * The `cena` filter: VAT-inclusive final price in stotinki, `from` inclusive and `to` exclusive (the bounds of a
 * price bucket, so choosing a bucket finds exactly the products it counted). A null bound is open.
 */
export const priceRangeFilterSchema = z
  .object({
    from: stotinkiSchema.nullable().default(null),
    to: stotinkiSchema.nullable().default(null),
  })
  .strict();
export type PriceRangeFilter = z.infer<typeof priceRangeFilterSchema>;

const attributeCodeSchema = z.string().min(1).max(64);

export const searchQuerySchema = z
  .object({
    /** Free text. Empty or absent: no text condition (a listing). Shorter than 3 characters: an empty result. */
    text: z.string().max(MAX_TERM_LENGTH).optional(),
    /** A category listing: the category and all its descendants (the engine knows the tree). */
    categoryId: z.number().int().optional(),
    /**
     * Attribute code -> chosen option values. Values of one attribute are alternatives (OR); attributes combine
     * with AND. A configurable product matches through its enabled children's values too. The price is not an
     * attribute here: it is `price`.
     */
    filters: z
      .record(attributeCodeSchema, z.array(optionValueSchema).max(100))
      .default({})
      .refine((filters) => !(PRICE_FILTER_CODE in filters), {
        message: `the price filter is 'price', not filters.${PRICE_FILTER_CODE}`,
      }),
    /** The `cena` range filter. */
    price: priceRangeFilterSchema.optional(),
    sort: searchSortSchema.default('default'),
    /** Spec "current": the offset of the first item. Negative becomes 0 (spec section 5). */
    current: z
      .number()
      .int()
      .max(1e9)
      .default(0)
      .transform((n) => Math.max(0, n)),
    /** Spec "perPage": the page size. 0 or less becomes 50 (spec section 5); above 1000 is cut to 1000. */
    perPage: z
      .number()
      .int()
      .default(DEFAULT_PAGE_SIZE)
      .transform((n) => (n <= 0 ? DEFAULT_PAGE_SIZE : Math.min(n, MAX_PAGE_SIZE))),
    /** Spec "append": the caller adds this page to the one it shows (infinite scroll). Engines ignore it. */
    append: z.boolean().default(false),
    /** Spec "populateAggregations": compute the filter aggregations and the price buckets. */
    populateAggregations: z.boolean().default(false),
    mode: searchModeSchema.default('listing'),
    /** Spec section 5: "in stock when out-of-stock listing is off. It is on as configured." */
    outOfStockListing: z.boolean().default(true),
    /** With price tiers on, the shopper's group: price sort, price filter and buckets use the group's price. */
    customerGroupId: z.number().int().min(0).optional(),
  })
  .strict();

/** What a caller writes (every field but the text optional, paging not yet normalised). */
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
/** The normalised query the engines read. */
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const parseSearchQuery = (input: SearchQueryInput): SearchQuery => searchQuerySchema.parse(input);
