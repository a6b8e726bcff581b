import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Category } from '../../schema/catalog/category.ts';
import type { SearchQueryInput } from '../../schema/search/query.ts';
import {
  categoryIdsOf,
  DEFAULT_AGGREGATION_ATTRIBUTES,
  filterValuesOf,
  isShownIn,
  maxEditsFor,
  normaliseSearchText,
  requiredTermMatches,
} from '../../schema/search/rules.ts';
import type { EmbeddedSearchEngine } from '../../schema/search/embedded-engine.ts';
import { boundedEditDistance, tokenize } from '../../schema/search/text.ts';
import { createRandom } from '../catalog/random.ts';

/**
 * What bench:search asks: shoppers' text queries with a typo, a faceted category listing whose filters come from
 * the engine's own counts, random skus; and the naive baselines, a linear scan over the product array with no
 * index, answering the same question.
 */

/** Typed as shoppers type them, one typo each (or a missing letter), Latin and Cyrillic; each must find products. */
export const FUZZY_QUERIES: readonly string[] = [
  'macbok pro',
  'iphnoe 17 pro',
  'airpod pro',
  'ipda air',
  'калъфф',
  'силиконв калъф',
  'протектр за екран',
  'каишкка',
];

/** The search results page: text, search visibility, first page, no filter counts (the listing measures those). */
export const fuzzyQuery = (text: string): SearchQueryInput => ({ text, mode: 'search' });

/** Fails the bench when a query finds nothing: a typo the engine cannot bridge would time an empty answer. */
export const assertFuzzyHits = (engine: EmbeddedSearchEngine): Map<string, number> => {
  const totals = new Map<string, number>();
  for (const text of FUZZY_QUERIES) {
    const { total } = engine.search(fuzzyQuery(text));
    if (total === 0) throw new Error(`fuzzy query '${text}' found no product`);
    totals.set(text, total);
  }
  return totals;
};

export interface FacetedPick {
  category: Category;
  /** Attribute code -> the one value chosen. */
  filters: Record<string, string[]>;
  query: SearchQueryInput;
  /** The listing's size without filters, then after each filter. */
  totals: number[];
}

/**
 * A category listing with `count` attribute filters, chosen as a shopper would from the counts the listing shows:
 * each step takes the attribute (of those with at least two values, so the filter narrows) whose most frequent
 * value covers the most products, and that value. The counts of an attribute apply every other filter, so the
 * listing stays non-empty.
 */
export const pickFacetedQuery = (engine: EmbeddedSearchEngine, category: Category, count = 3): FacetedPick => {
  const filters: Record<string, string[]> = {};
  const totals: number[] = [];
  for (let step = 0; step < count; step++) {
    const result = engine.search({ categoryId: category.id, filters, populateAggregations: true });
    totals.push(result.total);
    const candidates = Object.entries(result.aggregations?.attributes ?? {})
      .filter(([code, agg]) => !(code in filters) && agg.buckets.length >= 2)
      .map(([code, agg]) => ({ code, top: agg.buckets[0]! }))
      .sort((a, b) => b.top.count - a.top.count || (a.code < b.code ? -1 : 1));
    const chosen = candidates[0];
    if (!chosen) throw new Error(`category '${category.slug}' offers only ${step} attribute filters, ${count} wanted`);
    filters[chosen.code] = [chosen.top.key];
  }
  const query: SearchQueryInput = { categoryId: category.id, filters, populateAggregations: true };
  const total = engine.search(query).total;
  if (total === 0) throw new Error(`faceted listing of '${category.slug}' is empty`);
  totals.push(total);
  return { category, filters, query, totals };
};

/**
 * The heaviest listing: of the categories with sub-categories (the root excepted), the one with the most
 * products, with up to `count` filters (as many as it offers: accessories have fewer attributes than Macs).
 */
export const largestFacetedPick = (
  engine: EmbeddedSearchEngine,
  categories: readonly Category[],
  count = 3,
): FacetedPick => {
  const parents = new Set(categories.map((c) => c.parent_id));
  const root = Math.min(...categories.map((c) => c.level));
  const largest = categories
    .filter((c) => c.level !== root && parents.has(c.id))
    .map((category) => ({ category, total: engine.search({ categoryId: category.id, perPage: 1 }).total }))
    .sort((a, b) => b.total - a.total)[0];
  if (!largest) throw new Error('no category with sub-categories');
  for (let k = count; k > 1; k--) {
    try {
      return pickFacetedQuery(engine, largest.category, k);
    } catch {
      // Fewer attributes to filter by: one filter less.
    }
  }
  return pickFacetedQuery(engine, largest.category, 1);
};

/** `count` skus drawn (seeded) from the products. */
export const randomSkus = (products: readonly CatalogProduct[], count: number, seed = 7): string[] => {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => random.pick(products).sku);
};

// ---- baselines: a linear scan, no index ------------------------------------------------------------------------

export interface ScanResult {
  total: number;
  /** Skus of the first page. */
  page: string[];
}

const descendants = (categories: readonly Category[], id: number): Set<number> => {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) {
      if (out.has(c.parent_id) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
};

/**
 * The faceted listing by walking every product: listing visibility, the category or a descendant, every filter,
 * the first page by product id, and the same attribute counts (each attribute's counts apply the other filters).
 * It skips the price buckets, which the engine also computes: the ratio flatters the scan a little.
 */
export const scanListing = (
  products: readonly CatalogProduct[],
  categories: readonly Category[],
  categoryId: number,
  filters: Readonly<Record<string, readonly string[]>>,
  perPage = 50,
): ScanResult & { counts: Map<string, Map<string, number>> } => {
  const inCategory = descendants(categories, categoryId);
  const codes = [...new Set([...DEFAULT_AGGREGATION_ATTRIBUTES, ...Object.keys(filters)])];
  const counts = new Map(codes.map((code) => [code, new Map<string, number>()]));
  const filterEntries = Object.entries(filters);
  const hits: { product: CatalogProduct; at: number }[] = [];
  for (let at = 0; at < products.length; at++) {
    const product = products[at]!;
    if (!isShownIn('listing', product)) continue;
    if (!categoryIdsOf(product).some((id) => inCategory.has(id))) continue;
    const values = filterValuesOf(product);
    const failing: string[] = [];
    for (const [code, wanted] of filterEntries) {
      if (!(values.get(code) ?? []).some((v) => wanted.includes(v))) failing.push(code);
    }
    if (failing.length === 0) hits.push({ product, at });
    if (failing.length > 1) continue;
    for (const code of codes) {
      if (failing.length === 1 && failing[0] !== code) continue;
      const byValue = counts.get(code)!;
      for (const value of values.get(code) ?? []) byValue.set(value, (byValue.get(value) ?? 0) + 1);
    }
  }
  hits.sort((a, b) => a.product.id - b.product.id || a.at - b.at);
  return { total: hits.length, page: hits.slice(0, perPage).map((h) => h.product.sku), counts };
};

/**
 * The text search by walking every product: search visibility, then each query term against the words of the
 * name and the category names within the engine's edit budget, at least as many terms as the engine requires.
 * No relevance score and no sku field, so it does less than the engine; the first page is the first matches.
 */
export const scanFuzzy = (products: readonly CatalogProduct[], text: string, perPage = 50): ScanResult => {
  const terms = [...new Set(tokenize(normaliseSearchText(text)))];
  const need = requiredTermMatches(terms.length);
  const edits = terms.map((t) => maxEditsFor([...t].length));
  const page: string[] = [];
  let total = 0;
  for (const product of products) {
    if (!isShownIn('search', product)) continue;
    const words = tokenize(product.name);
    for (const ref of product.category) words.push(...tokenize(ref.name));
    let matched = 0;
    for (let t = 0; t < terms.length; t++) {
      const term = terms[t]!;
      const max = edits[t]!;
      if (words.some((w) => boundedEditDistance(term, w, max) <= max)) matched++;
    }
    if (matched < need) continue;
    total++;
    if (page.length < perPage) page.push(product.sku);
  }
  return { total, page };
};

/** The product by sku by walking the array. */
export const scanSku = (products: readonly CatalogProduct[], sku: string): CatalogProduct | undefined =>
  products.find((p) => p.sku === sku);
