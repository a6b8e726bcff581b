import type { CatalogProduct } from '../catalog/catalog-product.ts';
import type { Category } from '../catalog/category.ts';
import type { PriceBucket } from '../catalog/rules/price-range.ts';
import type { SearchQueryInput } from './query.ts';

export type { PriceBucket } from '../catalog/rules/price-range.ts';

/** Engines answer now (embedded) or later (Elasticsearch); callers always `await`. */
export type MaybePromise<T> = T | Promise<T>;

export interface TermBucket {
  /** The option value. */
  readonly key: string;
  /** Products with that value among those matching the query and every other attribute's filter. */
  readonly count: number;
}

export interface TermsAggregation {
  /** At most 10 (spec section 9), most frequent first, ties by value. */
  readonly buckets: readonly TermBucket[];
}

export interface PriceAggregation {
  /** The bucket width in euro cents: 100, 300 or 500 € by the euro spread (spec section 9); null with no priced product. */
  readonly step: number | null;
  /** Lowest and highest priced product (VAT-inclusive final price, stotinki); null with none. */
  readonly min: number | null;
  readonly max: number | null;
  /** Non-empty buckets only, lowest first. Products priced 0 ('очаква се') fall in none. */
  readonly buckets: readonly PriceBucket[];
}

export interface SearchAggregations {
  /**
   * Attribute code -> its top values. Counts follow the usual faceting ("post filter") rule: an attribute's
   * counts apply every filter except its own (and the price filter), so choosing a colour still shows the
   * other colours with their counts.
   */
  readonly attributes: Readonly<Record<string, TermsAggregation>>;
  /** The spec's price buckets; they apply every attribute filter but not the price filter itself. */
  readonly agg_terms_cena: PriceAggregation;
}

/** Why a result is empty without a look at the catalogue. */
export type EmptyReason = 'term-too-short';

/** Spec section 3: "Product list result: items, total, start, perPage, aggregations". */
export interface SearchResult {
  readonly items: readonly CatalogProduct[];
  readonly total: number;
  readonly start: number;
  readonly perPage: number;
  /** Null unless the query asked for them (`populateAggregations`). */
  readonly aggregations: SearchAggregations | null;
  readonly reason?: EmptyReason;
  /** Relevance of each item (same order) when the query had text; BM25 scale, see the embedded engine. */
  readonly scores?: readonly number[];
}

/**
 * The catalogue search: one interface, two engines (embedded in-process, the default; Elasticsearch with
 * `ES_URL`). Both give the spec's semantics for the same query.
 */
export interface SearchEngine {
  readonly kind: 'embedded' | 'elasticsearch';
  /** The category tree a listing's descendants come from (replaces the one given at creation). */
  setCategories(categories: readonly Category[]): MaybePromise<void>;
  /** The whole catalogue, replacing what was indexed. */
  replaceAll(products: readonly CatalogProduct[]): MaybePromise<void>;
  /** Add or replace products, by sku. */
  upsert(products: readonly CatalogProduct[]): MaybePromise<void>;
  remove(skus: readonly string[]): MaybePromise<void>;
  search(query: SearchQueryInput): MaybePromise<SearchResult>;
  /** The indexed product, whatever its visibility (the product page applies its own rule), or undefined. */
  getBySku(sku: string): MaybePromise<CatalogProduct | undefined>;
}
