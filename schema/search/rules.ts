import type { CatalogProduct } from '../catalog/catalog-product.ts';
import { DEFAULT_FILTERS } from '../catalog/attribute.ts';
import { isEnabledStatus } from '../catalog/rules/product-status.ts';
import { MAX_FUZZINESS, MIN_TERM_LENGTH, MINIMUM_SHOULD_MATCH, PRICE_FILTER_CODE, type SearchMode } from './query.ts';

/**
 * The search rules both engines apply: which products a listing or a search may show, the text rules, and
 * which values a product offers to the filters. Pure; the Elasticsearch query builder turns the same
 * constants into query DSL.
 */

/** Spec section 5: "Default product listing requires is_old equal 0, visibility in 2, 3, 4, and status in 0, 1". */
export const LISTING_VISIBILITIES: readonly number[] = [2, 3, 4];
export const LISTING_STATUSES: readonly number[] = [0, 1];
/** Spec section 5: "Search results show only is_old 0, visibility 3 or 4, status 1". */
export const SEARCH_VISIBILITIES: readonly number[] = [3, 4];
export const SEARCH_STATUSES: readonly number[] = [1];

/** The default filters (spec section 9), less the price range: the attributes a listing's counts cover. */
export const DEFAULT_AGGREGATION_ATTRIBUTES: readonly string[] = DEFAULT_FILTERS.filter((c) => c !== PRICE_FILTER_CODE);

export type VisibilityFields = Pick<CatalogProduct, 'is_old' | 'visibility' | 'status' | 'stock'>;

/** The visibility and status rule of a mode, without the stock condition. */
export const isShownIn = (mode: SearchMode, product: VisibilityFields): boolean => {
  const visibilities = mode === 'listing' ? LISTING_VISIBILITIES : SEARCH_VISIBILITIES;
  const statuses = mode === 'listing' ? LISTING_STATUSES : SEARCH_STATUSES;
  return product.is_old === 0 && visibilities.includes(product.visibility) && statuses.includes(product.status);
};

/** The whole rule: visibility, status, is_old, and "in stock when out-of-stock listing is off". */
export const isVisibleIn = (mode: SearchMode, product: VisibilityFields, outOfStockListing: boolean): boolean =>
  isShownIn(mode, product) && (outOfStockListing || product.stock.is_in_stock);

/** The text as both engines read it: trimmed, inner whitespace collapsed. */
export const normaliseSearchText = (text: string | undefined): string => (text ?? '').trim().replace(/\s+/gu, ' ');

/** Characters, not UTF-16 units, so an emoji or a combining sequence counts as a reader counts it. */
export const termLength = (text: string): number => [...text].length;

/** Spec section 5: the search term needs at least 3 characters. */
export const isTermTooShort = (text: string): boolean => termLength(normaliseSearchText(text)) < MIN_TERM_LENGTH;

/**
 * The edits a query term may be away from an indexed term: the spec's fuzziness 2 as a cap, with the usual
 * length ramp (Elasticsearch's `AUTO:3,5`): terms of 1-2 characters exact, 3-4 one edit, 5 or more two. Plain 2
 * everywhere would let 'pro' match 'ipad' and '13' match '15'. An edit is an insertion, deletion, substitution or
 * transposition of adjacent characters, Cyrillic and Latin alike.
 */
export const maxEditsFor = (length: number): number => (length <= 2 ? 0 : length <= 4 ? 1 : MAX_FUZZINESS);
/** `maxEditsFor` in Elasticsearch's words. */
export const ES_FUZZINESS = 'AUTO:3,5';

/**
 * Spec "minimum should match 80%" of the query's terms, Elasticsearch's way: a percentage rounds down, and at
 * least one term must match (1 term: 1; 2: 1; 3: 2; 4: 3; 5: 4).
 */
export const requiredTermMatches = (termCount: number): number =>
  Math.max(1, Math.floor(termCount * MINIMUM_SHOULD_MATCH + 1e-9));
/** `requiredTermMatches` in Elasticsearch's words. */
export const ES_MINIMUM_SHOULD_MATCH = `${Math.round(MINIMUM_SHOULD_MATCH * 100)}%`;

const addValues = (into: Map<string, Set<string>>, values: CatalogProduct['attributes']): void => {
  for (const code in values) {
    const value = values[code] as string | string[];
    let set = into.get(code);
    if (!set) into.set(code, (set = new Set()));
    if (Array.isArray(value)) for (const v of value) set.add(v);
    else set.add(value);
  }
};

/**
 * The attribute values a product offers to the filters: its own, plus those of its enabled configurable children
 * (status below 2, spec section 5), so a configurable iPhone is found by the colour of any of its variants.
 * Children are not filtered by stock: out-of-stock listing is on as configured, and the product page's variant
 * matching applies the stock rule when it is off.
 */
export const filterValuesOf = (product: CatalogProduct): Map<string, readonly string[]> => {
  const children = product.configurable_children.filter((child) => isEnabledStatus(child.status));
  if (children.length === 0) {
    // The common case, built without sets: a product's own values of one attribute are already distinct.
    const values = new Map<string, readonly string[]>();
    for (const code in product.attributes) {
      const value = product.attributes[code] as string | string[];
      values.set(code, Array.isArray(value) ? [...new Set(value)] : [value]);
    }
    return values;
  }
  const values = new Map<string, Set<string>>();
  addValues(values, product.attributes);
  for (const child of children) addValues(values, child.attributes);
  return new Map([...values].map(([code, set]) => [code, [...set]]));
};

/** The categories a product is directly in: `category_ids` and the ids of its `category` refs. */
export const categoryIdsOf = (product: CatalogProduct): readonly number[] =>
  product.category.every((c) => product.category_ids.includes(c.category_id))
    ? product.category_ids
    : [...new Set([...product.category_ids, ...product.category.map((c) => c.category_id)])];

/** Product ids ascend in the default order (spec: "Default (id)"); the sku breaks ties between imports. */
export const compareDefaultOrder = (a: CatalogProduct, b: CatalogProduct): number =>
  a.id - b.id || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);
