import type { estypes } from '@elastic/elasticsearch';
import type { Category } from '../../schema/catalog/category.ts';
import { euroBucket, priceRangeStep } from '../../schema/catalog/rules/price-range.ts';
import { bgnToEurCents } from '../../schema/money/currency.ts';
import { ALL_GROUPS } from '../../schema/catalog/rules/tier-price.ts';
import { createCategoryTree, type CategoryTree } from '../../schema/search/category-tree.ts';
import { analyseQuery } from '../../schema/search/cross-script.ts';
import { queryKinds } from '../../schema/search/product-kind.ts';
import {
  AGGREGATION_SIZE,
  KIND_BOOST,
  LATIN_SEARCH_FIELDS,
  MIN_SCORE,
  parseSearchQuery,
  SEARCH_FIELDS,
  type SearchQuery,
  type SearchQueryInput,
} from '../../schema/search/query.ts';
import {
  DEFAULT_AGGREGATION_ATTRIBUTES,
  ES_FUZZINESS,
  ES_MINIMUM_SHOULD_MATCH,
  isTermTooShort,
  LISTING_STATUSES,
  LISTING_VISIBILITIES,
  normaliseSearchText,
  requiredTermMatches,
  SEARCH_STATUSES,
  SEARCH_VISIBILITIES,
} from '../../schema/search/rules.ts';
import type {
  PriceAggregation,
  SearchAggregations,
  SearchResult,
  TermBucket,
} from '../../schema/search/search-engine.ts';
import { cachedPriceBucketLabel } from '../../schema/search/search-price.ts';
import {
  attributeField,
  FINAL_PRICE_FIELD,
  KIND_FIELD,
  fromEsDocument,
  groupPriceField,
  SEARCH_SOURCE_FIELD,
  type EsProductDocument,
} from './elasticsearch-mapping.ts';

/**
 * The spec's search as Elasticsearch query DSL: a pure function of the query, so it is tested without a cluster.
 *
 * - `query.bool.filter`: the visibility rule of the mode, stock when out-of-stock listing is off, and the
 *   category with its descendants (`category_ids` in the tree's ids).
 * - `query.bool.must`: the text as one `multi_match` (best_fields) on name^4, sku^4, category.name^1, fuzziness
 *   `AUTO:3,5` (at most the spec's 2), minimum_should_match 80%, in a `dis_max` with the text folded to Latin on
 *   name.latin^3 and the name's head^6, and an accessory word as a filter (`textClauses`); beside it (a `should`,
 *   scores adding up) the kinds the query's words name (issue 29, `kindClause`); `min_score` 0.02 only with text (a
 *   filter-only query scores 0 and would lose every hit).
 * - Attribute and price filters: in `post_filter` when aggregations are asked for, so each attribute's counts
 *   can leave out its own filter (a `filter` aggregation with the others around a `terms` of size 10); in the
 *   query otherwise.
 * - Price buckets: one request, no second round trip. The step depends on the spread, which is not known before
 *   the search, so the `agg_terms_cena` filter aggregation holds a `stats` and one `histogram` per possible
 *   step (100, 300, 500 €) over the euro price (a runtime field, `EURO_PRICE_SCRIPT`); `parseSearchResponse`
 *   picks the histogram the euro spread calls for. Histogram keys are multiples of the interval in euro cents,
 *   the embedded engine's bucket bounds, which the buckets carry as their lev bounds (price-range.ts).
 * - Sorts: default is id ascending (relevance first when there is text); price sorts on the VAT-inclusive final
 *   price, ties by id. A customer group's price is a runtime field: the lower of the base and the group's
 *   indexed tier price.
 */

/** Every step `priceRangeStep` can give, in euro cents (100, 300 and 500 €). */
export const PRICE_STEPS: readonly number[] = [10_000, 30_000, 50_000];
export const GROUP_PRICE_RUNTIME_FIELD = 'group_final_price';
export const PRICE_AGGREGATION = 'agg_terms_cena';
export const attributeAggregation = (code: string): string => `agg_terms_${code}`;

/** Painless: the lower of the base final price and the group's (or all groups') indexed tier price. */
export const GROUP_PRICE_SCRIPT = [
  `long price = doc['${FINAL_PRICE_FIELD}'].value;`,
  'for (String field : [params.own, params.all]) {',
  '  if (doc.containsKey(field) && doc[field].size() > 0 && doc[field].value < price) { price = doc[field].value; }',
  '}',
  'emit(price);',
].join('\n');

/**
 * The euro price the price buckets count by (price-range.ts): a runtime field over the lev price field in force
 * (the base or the group's), half-up to the cent at 1.95583 лв. per euro in integers, as `bgnToEurCents` does.
 */
export const EURO_PRICE_RUNTIME_FIELD = 'final_price_eur';
export const EURO_PRICE_SCRIPT = [
  'if (doc[params.field].size() == 0) { return; }',
  'long price = doc[params.field].value;',
  'if (price <= 0) { return; }',
  'emit((price * 200000L + 195583L) / 391166L);',
].join('\n');

export interface SearchRequestOptions {
  /** The index or alias to search. */
  readonly index: string;
  readonly categories: CategoryTree | readonly Category[];
  /** Attributes aggregated besides those filtered by; default the spec's default filters, less the price. */
  readonly aggregationAttributes?: readonly string[];
}

type Query = estypes.QueryDslQueryContainer;

const treeOf = (categories: CategoryTree | readonly Category[]): CategoryTree =>
  'descendantsOf' in categories ? categories : createCategoryTree(categories);

const visibilityFilters = (query: SearchQuery): Query[] => {
  const listing = query.mode === 'listing';
  return [
    { term: { is_old: 0 } },
    { terms: { visibility: [...(listing ? LISTING_VISIBILITIES : SEARCH_VISIBILITIES)] } },
    { terms: { status: [...(listing ? LISTING_STATUSES : SEARCH_STATUSES)] } },
    ...(query.outOfStockListing ? [] : [{ term: { 'stock.is_in_stock': true } }]),
  ];
};

const FUZZY = { fuzziness: ES_FUZZINESS, max_expansions: 50, prefix_length: 0 } as const;

/** The text as typed, on the fields the spec names: one best_fields `multi_match`. */
export const textQuery = (text: string): Query => ({
  multi_match: {
    query: text,
    type: 'best_fields',
    fields: SEARCH_FIELDS.map((f) => `${f.field}^${f.boost}`),
    ...FUZZY,
    operator: 'or',
    minimum_should_match: ES_MINIMUM_SHOULD_MATCH,
  },
});

/**
 * The whole text clause (issue 19): the best of the text as typed on the spec's fields and the text folded to
 * Latin (schema/search/cross-script.ts: Apple's names in Cyrillic, English product words) on `name.latin` and the
 * name's head, which must hold every word; `dis_max` keeps the best field's score, as the embedded engine's
 * best_fields does. An accessory word in the query is a filter (the name folded, or a category's name as typed):
 * the query wants that kind.
 */
/**
 * Issue 29: the kinds the query's words name (schema/search/product-kind.ts), KIND_BOOST per word whose kinds the
 * product's `search.kind` holds, when 80% of the words do (the text's rule); null when too few words name one.
 */
export const kindClause = (analysed: { terms: readonly string[]; latin: readonly string[] }): Query | null => {
  const naming = queryKinds(analysed).filter((stems) => stems.length > 0);
  const required = requiredTermMatches(analysed.terms.length);
  if (naming.length < required) return null;
  return {
    bool: {
      should: naming.map((stems) => ({
        constant_score: { filter: { terms: { [KIND_FIELD]: stems } }, boost: KIND_BOOST },
      })),
      minimum_should_match: required,
    },
  };
};

export const textClauses = (text: string): { must: Query[]; filter: Query[] } => {
  const analysed = analyseQuery(text);
  const { latin, required } = analysed;
  const latinText = latin.join(' ');
  const latinField = (field: (typeof LATIN_SEARCH_FIELDS)[number]): Query => ({
    match: {
      [field.field]: {
        query: latinText,
        boost: field.boost,
        ...FUZZY,
        operator: field.allTerms ? 'and' : 'or',
        ...(field.allTerms ? {} : { minimum_should_match: ES_MINIMUM_SHOULD_MATCH }),
      },
    },
  });
  const best: Query = { dis_max: { queries: [textQuery(text), ...LATIN_SEARCH_FIELDS.map(latinField)] } };
  const kinds = kindClause(analysed);
  return {
    // The text or the kind: a product of the kind the query names is a hit even when its name does not say it.
    must: [kinds ? { bool: { should: [best, kinds], minimum_should_match: 1 } } : best],
    filter: required.map((word) => ({
      bool: {
        should: [
          { match: { 'name.latin': { query: word.latin, fuzziness: ES_FUZZINESS } } },
          { match: { 'category.name': { query: word.term, fuzziness: ES_FUZZINESS } } },
        ],
        minimum_should_match: 1,
      },
    })),
  };
};

const withText = (filter: Query[], text: { must: Query[]; filter: Query[] }) => ({
  filter: [...filter, ...text.filter],
  must: text.must,
});

const priceFieldOf = (query: SearchQuery): string =>
  query.customerGroupId === undefined ? FINAL_PRICE_FIELD : GROUP_PRICE_RUNTIME_FIELD;

const priceFilter = (query: SearchQuery): Query | null => {
  if (!query.price || (query.price.from === null && query.price.to === null)) return null;
  return {
    range: {
      [priceFieldOf(query)]: {
        ...(query.price.from !== null ? { gte: query.price.from } : {}),
        ...(query.price.to !== null ? { lt: query.price.to } : {}),
      },
    },
  };
};

const attributeFilters = (query: SearchQuery): Array<readonly [string, Query]> =>
  Object.entries(query.filters)
    .filter(([, values]) => values.length > 0)
    .map(([code, values]) => [code, { terms: { [attributeField(code)]: [...values] } }] as const);

const allOf = (filters: readonly Query[]): Query =>
  filters.length === 0 ? { match_all: {} } : { bool: { filter: [...filters] } };

const sortOf = (query: SearchQuery, hasText: boolean): estypes.SortCombinations[] => {
  const byId: estypes.SortCombinations = { id: { order: 'asc' } };
  if (query.sort === 'default') return hasText ? [{ _score: { order: 'desc' } }, byId] : [byId];
  return [{ [priceFieldOf(query)]: { order: query.sort === 'price-asc' ? 'asc' : 'desc' } }, byId];
};

/** The codes aggregated for a query: the configured attributes and every attribute it filters by. */
export const aggregatedCodes = (query: SearchQuery, configured: readonly string[] = DEFAULT_AGGREGATION_ATTRIBUTES) => [
  ...new Set([...configured, ...attributeFilters(query).map(([code]) => code)]),
];

/**
 * The search request for a query, or null when the term is too short to search (spec: at least 3 characters;
 * the engine answers with an empty result and `reason: 'term-too-short'` without asking the cluster).
 */
export const buildSearchRequest = (
  input: SearchQueryInput | SearchQuery,
  options: SearchRequestOptions,
): estypes.SearchRequest | null => {
  const query = parseSearchQuery(input);
  const text = normaliseSearchText(query.text);
  if ((query.mode === 'search' || text !== '') && isTermTooShort(text)) return null;
  const hasText = text !== '';

  const filter = visibilityFilters(query);
  if (query.categoryId !== undefined) {
    filter.push({ terms: { category_ids: [...treeOf(options.categories).descendantsOf(query.categoryId)] } });
  }
  const attributes = attributeFilters(query);
  const price = priceFilter(query);
  const narrowing = [...attributes.map(([, f]) => f), ...(price ? [price] : [])];
  const aggregate = query.populateAggregations;
  if (!aggregate) filter.push(...narrowing);

  const request: estypes.SearchRequest = {
    index: options.index,
    from: query.current,
    size: query.perPage,
    track_total_hits: true,
    _source: { excludes: [SEARCH_SOURCE_FIELD] },
    query: { bool: hasText ? withText(filter, textClauses(text)) : { filter } },
    sort: sortOf(query, hasText),
  };
  if (hasText) {
    request.min_score = MIN_SCORE;
    request.track_scores = true;
  }
  const runtime: Record<string, estypes.MappingRuntimeField> = {};
  if (query.customerGroupId !== undefined) {
    Object.assign(runtime, {
      [GROUP_PRICE_RUNTIME_FIELD]: {
        type: 'long',
        script: {
          source: GROUP_PRICE_SCRIPT,
          params: { own: groupPriceField(query.customerGroupId), all: groupPriceField(ALL_GROUPS) },
        },
      },
    });
  }
  if (aggregate) {
    if (narrowing.length > 0) request.post_filter = allOf(narrowing);
    const aggs: Record<string, estypes.AggregationsAggregationContainer> = {};
    for (const code of aggregatedCodes(query, options.aggregationAttributes)) {
      const others = [...attributes.filter(([other]) => other !== code).map(([, f]) => f), ...(price ? [price] : [])];
      aggs[attributeAggregation(code)] = {
        filter: allOf(others),
        aggs: {
          values: {
            terms: {
              field: attributeField(code),
              size: AGGREGATION_SIZE,
              order: [{ _count: 'desc' }, { _key: 'asc' }],
            },
          },
        },
      };
    }
    const priceField = priceFieldOf(query);
    aggs[PRICE_AGGREGATION] = {
      filter: allOf([...attributes.map(([, f]) => f), { range: { [priceField]: { gt: 0 } } }]),
      aggs: {
        stats: { stats: { field: priceField } },
        ...Object.fromEntries(
          PRICE_STEPS.map((step) => [
            `step_${step}`,
            { histogram: { field: EURO_PRICE_RUNTIME_FIELD, interval: step, min_doc_count: 1 } },
          ]),
        ),
      },
    };
    runtime[EURO_PRICE_RUNTIME_FIELD] = {
      type: 'long',
      script: { source: EURO_PRICE_SCRIPT, params: { field: priceField } },
    };
    request.aggs = aggs;
  }
  if (Object.keys(runtime).length > 0) request.runtime_mappings = runtime;
  return request;
};

interface KeyedBucket {
  readonly key: string | number;
  readonly doc_count: number;
}
interface ResponseAggregations {
  readonly [name: string]:
    | {
        readonly doc_count?: number;
        readonly values?: { readonly buckets: readonly KeyedBucket[] };
        readonly stats?: { readonly count: number; readonly min: number | null; readonly max: number | null };
        readonly [step: `step_${number}`]: { readonly buckets: readonly KeyedBucket[] } | undefined;
      }
    | undefined;
}

const priceAggregationOf = (aggregate: ResponseAggregations[string]): PriceAggregation => {
  const stats = aggregate?.stats;
  if (!stats || stats.count === 0 || stats.min === null || stats.max === null) {
    return { step: null, min: null, max: null, buckets: [] };
  }
  // Stats are lev prices; the euro spread picks the step, whose histogram's keys are euro cents.
  const step = priceRangeStep(bgnToEurCents(stats.max) - bgnToEurCents(stats.min));
  const buckets = (aggregate?.[`step_${step}`]?.buckets ?? []).map((b) =>
    euroBucket(Number(b.key), step, b.doc_count, cachedPriceBucketLabel),
  );
  return { step, min: stats.min, max: stats.max, buckets };
};

/** The engine's result of a search response for the query `buildSearchRequest` was given. */
export const parseSearchResponse = (
  response: estypes.SearchResponse<CatalogProductSource>,
  input: SearchQueryInput | SearchQuery,
  aggregationAttributes?: readonly string[],
): SearchResult => {
  const query = parseSearchQuery(input);
  const hasText = normaliseSearchText(query.text) !== '';
  const total = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
  const hits = response.hits.hits.filter((hit) => hit._source !== undefined);
  let aggregations: SearchAggregations | null = null;
  if (query.populateAggregations) {
    const aggs = (response.aggregations ?? {}) as unknown as ResponseAggregations;
    const attributes: Record<string, { buckets: TermBucket[] }> = {};
    for (const code of aggregatedCodes(query, aggregationAttributes)) {
      const buckets = aggs[attributeAggregation(code)]?.values?.buckets ?? [];
      attributes[code] = { buckets: buckets.map((b) => ({ key: String(b.key), count: b.doc_count })) };
    }
    aggregations = { attributes, agg_terms_cena: priceAggregationOf(aggs[PRICE_AGGREGATION]) };
  }
  return {
    items: hits.map((hit) => fromEsDocument(hit._source as CatalogProductSource)),
    total,
    start: query.current,
    perPage: query.perPage,
    aggregations,
    ...(hasText ? { scores: hits.map((hit) => hit._score ?? 0) } : {}),
  };
};

/** A hit's `_source`: the product, with or without the derived fields. */
export type CatalogProductSource = EsProductDocument | Omit<EsProductDocument, 'search'>;
