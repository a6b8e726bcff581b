import type { CatalogProduct } from '../catalog/catalog-product.ts';
import type { Category } from '../catalog/category.ts';
import { euroBucket, priceRangeStep } from '../catalog/rules/price-range.ts';
import { bgnToEurCents } from '../money/currency.ts';
import { SHOP_TIME_ZONE } from '../catalog/rules/shop-time.ts';
import { ALL_GROUPS } from '../catalog/rules/tier-price.ts';
import {
  andInto,
  type Bits,
  clearBit,
  hasBit,
  insertSorted,
  isEmpty,
  popcount,
  removeSortedInRange,
  resized,
  setBit,
  wordsFor,
} from './bitset.ts';
import { createCategoryTree, type CategoryTree } from './category-tree.ts';
import { analyseQuery, headTokens, latinTokens } from './cross-script.ts';
import { productKinds, queryKinds } from './product-kind.ts';
import {
  AGGREGATION_SIZE,
  KIND_BOOST,
  LATIN_SEARCH_FIELDS,
  MIN_SCORE,
  parseSearchQuery,
  SEARCH_FIELDS,
  type SearchQuery,
  type SearchQueryInput,
} from './query.ts';
import {
  categoryIdsOf,
  DEFAULT_AGGREGATION_ATTRIBUTES,
  filterValuesOf,
  isShownIn,
  isTermTooShort,
  maxEditsFor,
  normaliseSearchText,
  requiredTermMatches,
} from './rules.ts';
import type {
  PriceAggregation,
  PriceBucket,
  SearchAggregations,
  SearchEngine,
  SearchResult,
  TermBucket,
} from './search-engine.ts';
import { cachedPriceBucketLabel, priceValidUntil, searchPricesOf } from './search-price.ts';
import { boundedEditDistance, charSignature, lowerCase, mayBeWithin, skuTerm, tokenize } from './text.ts';

/**
 * The embedded search engine: an in-process index over the catalogue, pure TypeScript with no Node API, so the
 * server and the browser (over the replicated catalogue) give the same answers.
 *
 * Index
 * - Documents are numbered as they arrive; a product keeps its number across upserts (by sku). Numbers of
 *   removed products are left unused until they outnumber the live ones, then everything is renumbered.
 * - Bitsets (one bit per document) for the rules every query applies: listing-visible, search-visible, in stock.
 *   Sorted posting lists per category and per attribute value, OR-ed into a bitset when a query names them, so
 *   memory grows with the values products carry, never with values x documents.
 * - Per attribute, once it is first aggregated, each document's values: counting walks the documents of the
 *   query's mask (a few hundred in a filtered listing), not every posting of every value.
 * - Per text field (name, sku, category names) an inverted index term -> posting list (document x 8 + term
 *   frequency up to 7), field lengths, and the vocabulary by term length with character signatures: a fuzzy
 *   term is compared only with terms whose length and characters allow the edits (`mayBeWithin`).
 * - Three orders: product id (the default sort) and price ascending / descending (ties by id), patched on
 *   upserts. A page of a large result walks an order; a small result (under 1/32 of the catalogue) is sorted.
 *
 * Filters and counts: the filters of one attribute are alternatives, attributes combine; an attribute's counts
 * apply every filter but its own, the price buckets every attribute filter but not the price filter (see
 * `SearchAggregations`).
 *
 * Text relevance is BM25 (k1 1.2, b 0.75) per field, as Elasticsearch scores, with its `multi_match` in the
 * default best_fields form: each field scores the query on its own (boost x sum over the query's terms), the
 * product's score is its best field's, and "minimum should match 80%" counts matched terms within that field.
 * A fuzzy term counts with Lucene's weight 1 - edits / min(term lengths), its best expansion per product, at
 * most 50 expansions per term. The scale is therefore Elasticsearch's: unbounded, about 1-30 for real matches;
 * min score 0.02 drops near-zero noise, and also, as there, a lone term that nearly every product carries
 * (its idf is near zero).
 */

const BM25_K1 = 1.2;
const BM25_B = 0.75;
const MAX_EXPANSIONS = 50;
const TF_BITS = 3;
const TF_MAX = (1 << TF_BITS) - 1;
/** Above this many changed documents an order is sorted again instead of patched. */
const ORDER_PATCH_LIMIT = 256;

const BOOST = Object.fromEntries([...SEARCH_FIELDS, ...LATIN_SEARCH_FIELDS].map((f) => [f.field, f.boost])) as Record<
  (typeof SEARCH_FIELDS)[number]['field'] | (typeof LATIN_SEARCH_FIELDS)[number]['field'],
  number
>;

export interface EmbeddedSearchEngineOptions {
  readonly categories?: readonly Category[];
  /** The clock special price windows are read against. */
  readonly now?: () => Date;
  /** Attributes aggregated on every query that asks (besides those it filters by). */
  readonly aggregationAttributes?: readonly string[];
  readonly timeZone?: string;
  /**
   * Searches the name folded to Latin and its head too (issue 19, schema/search/cross-script.ts); on by default.
   * Off, the engine is the spec's search as written, which bench:search keeps as quality's baseline.
   */
  readonly crossScript?: boolean;
}

export interface EmbeddedIndexStats {
  /** Products indexed. */
  readonly documents: number;
  /** Distinct terms per text field. */
  readonly terms: { readonly name: number; readonly sku: number; readonly category: number };
  /** Distinct attribute values indexed. */
  readonly attributeValues: number;
  /** How long the last `replaceAll` took, ms. */
  readonly lastBuildMs: number;
}

export interface EmbeddedSearchEngine extends SearchEngine {
  readonly kind: 'embedded';
  setCategories(categories: readonly Category[]): void;
  replaceAll(products: readonly CatalogProduct[]): void;
  upsert(products: readonly CatalogProduct[]): void;
  remove(skus: readonly string[]): void;
  search(query: SearchQueryInput): SearchResult;
  getBySku(sku: string): CatalogProduct | undefined;
  stats(): EmbeddedIndexStats;
}

/** The terms of one length, with their character signatures, for the fuzzy scan. */
class LengthBucket {
  readonly terms: string[] = [];
  readonly lows: number[] = [];
  readonly highs: number[] = [];
  private readonly at = new Map<string, number>();

  add(term: string): void {
    const { low, high } = charSignature(term);
    this.at.set(term, this.terms.length);
    this.terms.push(term);
    this.lows.push(low);
    this.highs.push(high);
  }

  delete(term: string): void {
    const i = this.at.get(term);
    if (i === undefined) return;
    const last = this.terms.length - 1;
    if (i !== last) {
      const moved = this.terms[last] as string;
      this.terms[i] = moved;
      this.lows[i] = this.lows[last] as number;
      this.highs[i] = this.highs[last] as number;
      this.at.set(moved, i);
    }
    this.terms.pop();
    this.lows.pop();
    this.highs.pop();
    this.at.delete(term);
  }
}

/** One text field's inverted index. */
class TextField {
  readonly postings = new Map<string, number[]>();
  readonly byLength = new Map<number, LengthBucket>();
  lengths: Uint16Array;
  totalLength = 0;
  docsWithField = 0;

  constructor(
    readonly boost: number,
    capacity: number,
  ) {
    this.lengths = new Uint16Array(capacity);
  }

  grow(capacity: number): void {
    const lengths = new Uint16Array(capacity);
    lengths.set(this.lengths);
    this.lengths = lengths;
  }

  add(doc: number, terms: readonly string[]): void {
    if (terms.length === 0) return;
    const sorted = terms.length === 1 ? terms : [...terms].sort();
    for (let i = 0; i < sorted.length;) {
      const term = sorted[i] as string;
      let count = 1;
      while (sorted[i + count] === term) count++;
      i += count;
      let list = this.postings.get(term);
      if (!list) {
        this.postings.set(term, (list = []));
        let bucket = this.byLength.get(term.length);
        if (!bucket) this.byLength.set(term.length, (bucket = new LengthBucket()));
        bucket.add(term);
      }
      insertSorted(list, doc * (TF_MAX + 1) + Math.min(count, TF_MAX));
    }
    const length = Math.min(terms.length, 0xffff);
    this.lengths[doc] = length;
    this.totalLength += length;
    this.docsWithField++;
  }

  delete(doc: number, terms: readonly string[]): void {
    if (terms.length === 0) return;
    for (const term of new Set(terms)) {
      const list = this.postings.get(term);
      if (!list) continue;
      removeSortedInRange(list, doc * (TF_MAX + 1), (doc + 1) * (TF_MAX + 1));
      if (list.length === 0) {
        this.postings.delete(term);
        this.byLength.get(term.length)?.delete(term);
      }
    }
    this.totalLength -= this.lengths[doc] as number;
    this.lengths[doc] = 0;
    this.docsWithField--;
  }

  /** Indexed terms within the term's edit budget: [term, weight], fewest edits first, at most 50. */
  expand(term: string): Array<readonly [string, number]> {
    const maxEdits = maxEditsFor([...term].length);
    if (maxEdits === 0) return this.postings.has(term) ? [[term, 1]] : [];
    const { low, high } = charSignature(term);
    const found: Array<[string, number]> = [];
    for (let length = term.length - maxEdits; length <= term.length + maxEdits; length++) {
      const bucket = this.byLength.get(length);
      if (!bucket) continue;
      const { terms, lows, highs } = bucket;
      for (let i = 0; i < terms.length; i++) {
        if (!mayBeWithin(low, high, lows[i] as number, highs[i] as number, maxEdits)) continue;
        const candidate = terms[i] as string;
        const edits = boundedEditDistance(term, candidate, maxEdits);
        if (edits <= maxEdits) found.push([candidate, edits]);
      }
    }
    found.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
    return found
      .slice(0, MAX_EXPANSIONS)
      .map(([candidate, edits]) => [candidate, edits === 0 ? 1 : 1 - edits / Math.min(term.length, candidate.length)]);
  }
}

/**
 * One attribute: per option value the documents that have it (for filters), and, once the attribute is first
 * aggregated, per document its values (so counting walks only the documents in the query's mask).
 */
class AttributeColumn {
  private readonly ords = new Map<string, number>();
  readonly values: string[] = [];
  private readonly postings: number[][] = [];
  /** Per document: 0 for no value, ord + 1 for one, -1 for several (listed in `multi`). */
  private single: Int32Array | null = null;
  private readonly multi = new Map<number, number[]>();

  docsOf(value: string): readonly number[] {
    const ord = this.ords.get(value);
    return ord === undefined ? [] : (this.postings[ord] as number[]);
  }

  valueCount(): number {
    return this.postings.filter((docs) => docs.length > 0).length;
  }

  add(doc: number, values: readonly string[]): void {
    for (const value of values) {
      let ord = this.ords.get(value);
      if (ord === undefined) {
        ord = this.values.length;
        this.ords.set(value, ord);
        this.values.push(value);
        this.postings.push([]);
      }
      insertSorted(this.postings[ord] as number[], doc);
      if (this.single) this.note(this.single, doc, ord);
    }
  }

  delete(doc: number, values: readonly string[]): void {
    for (const value of values) {
      const ord = this.ords.get(value);
      if (ord !== undefined) removeSortedInRange(this.postings[ord] as number[], doc, doc + 1);
    }
    if (this.single) {
      this.single[doc] = 0;
      this.multi.delete(doc);
    }
  }

  grow(capacity: number): void {
    if (!this.single) return;
    const single = new Int32Array(capacity);
    single.set(this.single);
    this.single = single;
  }

  private note(single: Int32Array, doc: number, ord: number): void {
    const current = single[doc] as number;
    if (current === 0) single[doc] = ord + 1;
    else if (current > 0) {
      single[doc] = -1;
      this.multi.set(doc, [current - 1, ord]);
    } else this.multi.get(doc)?.push(ord);
  }

  /** Documents of `mask` per value: the top `size`, most first, ties by value. */
  count(mask: Bits, capacity: number, size: number): TermBucket[] {
    if (!this.single) {
      this.single = new Int32Array(capacity);
      for (let ord = 0; ord < this.postings.length; ord++) {
        for (const doc of this.postings[ord] as number[]) this.note(this.single, doc, ord);
      }
    }
    const single = this.single;
    const counts = new Int32Array(this.values.length);
    for (let i = 0; i < mask.length; i++) {
      let w = mask[i] as number;
      while (w !== 0) {
        const bit = w & -w;
        w ^= bit;
        const doc = (i << 5) + 31 - Math.clz32(bit);
        const v = single[doc] as number;
        if (v > 0) counts[v - 1] = (counts[v - 1] as number) + 1;
        else if (v < 0) for (const ord of this.multi.get(doc) ?? []) counts[ord] = (counts[ord] as number) + 1;
      }
    }
    const buckets: TermBucket[] = [];
    for (let ord = 0; ord < counts.length; ord++) {
      if ((counts[ord] as number) > 0) buckets.push({ key: this.values[ord] as string, count: counts[ord] as number });
    }
    buckets.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return buckets.slice(0, size);
  }
}

/** A sort order over the live documents, kept in step with changes. */
class Order {
  order: Int32Array = new Int32Array(0);
  private readonly pending = new Set<number>();
  private stale = true;

  constructor(private readonly compare: (a: number, b: number) => number) {}

  changed(doc: number): void {
    if (this.stale) return;
    this.pending.add(doc);
    if (this.pending.size > ORDER_PATCH_LIMIT) this.invalidate();
  }

  invalidate(): void {
    this.stale = true;
    this.pending.clear();
  }

  current(liveDocs: () => Int32Array, isLive: (doc: number) => boolean): Int32Array {
    if (this.stale) {
      this.order = liveDocs().sort(this.compare);
      this.stale = false;
      this.pending.clear();
    } else if (this.pending.size > 0) {
      const kept = this.order.filter((doc) => !this.pending.has(doc));
      const out = new Int32Array(kept.length + this.pending.size);
      out.set(kept);
      let length = kept.length;
      for (const doc of this.pending) {
        if (!isLive(doc)) continue;
        let lo = 0;
        let hi = length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (this.compare(out[mid] as number, doc) < 0) lo = mid + 1;
          else hi = mid;
        }
        out.copyWithin(lo + 1, lo, length);
        out[lo] = doc;
        length++;
      }
      this.order = out.slice(0, length);
      this.pending.clear();
    }
    return this.order;
  }
}

export const createEmbeddedSearchEngine = (options: EmbeddedSearchEngineOptions = {}): EmbeddedSearchEngine =>
  new EmbeddedIndex(options);

class EmbeddedIndex implements EmbeddedSearchEngine {
  readonly kind = 'embedded' as const;
  private readonly now: () => Date;
  private readonly timeZone: string;
  private readonly aggregationAttributes: readonly string[];
  private tree: CategoryTree;

  private capacity = 0;
  private docCount = 0;
  private liveCount = 0;
  private products: Array<CatalogProduct | undefined> = [];
  private readonly docBySku = new Map<string, number>();
  private productIds = new Float64Array(0);
  private prices = new Float64Array(0);
  /** Customer group -> document -> price, for documents whose group price is below the base. */
  private readonly groupPrices = new Map<number, Map<number, number>>();
  private pricesValidUntil = Infinity;

  private live: Bits = new Uint32Array(0);
  private listingShown: Bits = new Uint32Array(0);
  private searchShown: Bits = new Uint32Array(0);
  private inStock: Bits = new Uint32Array(0);
  private readonly categoryDocs = new Map<number, number[]>();
  /** Per document, its kind stems (schema/search/product-kind.ts). */
  private docKinds: Array<readonly string[] | undefined> = [];
  /**
   * Kind stem -> the documents of that kind, ascending; built when a search first needs it after the kinds changed
   * (a price or stock update leaves them alone), so indexing and removing never splice long lists.
   */
  private kindDocs: Map<string, number[]> | null = null;
  private readonly attributes = new Map<string, AttributeColumn>();

  private name!: TextField;
  private sku!: TextField;
  private category!: TextField;
  private nameLatin!: TextField;
  private nameHead!: TextField;
  private readonly crossScript: boolean;

  private readonly byId: Order;
  private readonly byPriceAsc: Order;
  private readonly byPriceDesc: Order;

  // Scratch space for scoring, sized to capacity, all zero between queries.
  private termBest = new Float64Array(0);
  private fieldScore = new Float64Array(0);
  private docScore = new Float64Array(0);
  private fieldHits = new Uint8Array(0);

  private lastBuildMs = 0;

  constructor(options: EmbeddedSearchEngineOptions) {
    this.now = options.now ?? (() => new Date());
    this.timeZone = options.timeZone ?? SHOP_TIME_ZONE;
    this.crossScript = options.crossScript ?? true;
    this.aggregationAttributes = options.aggregationAttributes ?? DEFAULT_AGGREGATION_ATTRIBUTES;
    this.tree = createCategoryTree(options.categories ?? []);
    const byId = (a: number, b: number) => (this.productIds[a] as number) - (this.productIds[b] as number) || a - b;
    this.byId = new Order(byId);
    this.byPriceAsc = new Order((a, b) => (this.prices[a] as number) - (this.prices[b] as number) || byId(a, b));
    this.byPriceDesc = new Order((a, b) => (this.prices[b] as number) - (this.prices[a] as number) || byId(a, b));
    this.reset(1024);
  }

  // ---- maintenance -------------------------------------------------------------------------------------------

  setCategories(categories: readonly Category[]): void {
    this.tree = createCategoryTree(categories);
  }

  replaceAll(products: readonly CatalogProduct[]): void {
    const started = performance.now();
    this.reset(Math.max(1024, Math.ceil((products.length * 1.25) / 32) * 32));
    const at = this.now();
    for (const product of products) this.put(product, at);
    this.byId.current(
      () => this.liveDocs(),
      (d) => this.isLive(d),
    );
    this.priceOrder(true);
    this.priceOrder(false);
    this.lastBuildMs = performance.now() - started;
  }

  upsert(products: readonly CatalogProduct[]): void {
    if (products.length > Math.max(1000, this.liveCount / 4)) {
      const merged = new Map<string, CatalogProduct>();
      for (const p of this.products) if (p) merged.set(p.sku, p);
      for (const p of products) merged.set(p.sku, p);
      this.replaceAll([...merged.values()]);
      return;
    }
    const at = this.now();
    for (const product of products) this.put(product, at);
  }

  remove(skus: readonly string[]): void {
    for (const sku of skus) {
      const doc = this.docBySku.get(sku);
      if (doc === undefined) continue;
      this.unindex(doc);
      if (this.docKinds[doc]) {
        this.docKinds[doc] = undefined;
        this.kindDocs = null;
      }
      this.docBySku.delete(sku);
      this.products[doc] = undefined;
      this.liveCount--;
    }
    // Removed products leave their numbers unused; renumber once they outnumber the live ones.
    if (this.docCount - this.liveCount > Math.max(10_000, this.liveCount)) {
      this.replaceAll(this.products.filter((p): p is CatalogProduct => p !== undefined));
    }
  }

  getBySku(sku: string): CatalogProduct | undefined {
    const doc = this.docBySku.get(sku);
    return doc === undefined ? undefined : this.products[doc];
  }

  stats(): EmbeddedIndexStats {
    let attributeValues = 0;
    for (const column of this.attributes.values()) attributeValues += column.valueCount();
    return {
      documents: this.liveCount,
      terms: { name: this.name.postings.size, sku: this.sku.postings.size, category: this.category.postings.size },
      attributeValues,
      lastBuildMs: this.lastBuildMs,
    };
  }

  private reset(capacity: number): void {
    this.capacity = capacity;
    this.docCount = 0;
    this.liveCount = 0;
    this.products = [];
    this.docBySku.clear();
    this.productIds = new Float64Array(capacity);
    this.prices = new Float64Array(capacity);
    this.groupPrices.clear();
    this.pricesValidUntil = Infinity;
    const words = wordsFor(capacity);
    this.live = new Uint32Array(words);
    this.listingShown = new Uint32Array(words);
    this.searchShown = new Uint32Array(words);
    this.inStock = new Uint32Array(words);
    this.categoryDocs.clear();
    this.docKinds = [];
    this.kindDocs = null;
    this.attributes.clear();
    this.name = new TextField(BOOST.name, capacity);
    this.sku = new TextField(BOOST.sku, capacity);
    this.category = new TextField(BOOST['category.name'], capacity);
    this.nameLatin = new TextField(BOOST['name.latin'], capacity);
    this.nameHead = new TextField(BOOST['search.name_head'], capacity);
    this.termBest = new Float64Array(capacity);
    this.fieldScore = new Float64Array(capacity);
    this.docScore = new Float64Array(capacity);
    this.fieldHits = new Uint8Array(capacity);
    this.byId.invalidate();
    this.byPriceAsc.invalidate();
    this.byPriceDesc.invalidate();
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const words = wordsFor(capacity);
    const grown = (a: Float64Array) => {
      const out = new Float64Array(capacity);
      out.set(a);
      return out;
    };
    this.productIds = grown(this.productIds);
    this.prices = grown(this.prices);
    this.live = resized(this.live, words);
    this.listingShown = resized(this.listingShown, words);
    this.searchShown = resized(this.searchShown, words);
    this.inStock = resized(this.inStock, words);
    for (const field of [this.name, this.sku, this.category, this.nameLatin, this.nameHead]) field.grow(capacity);
    for (const column of this.attributes.values()) column.grow(capacity);
    this.termBest = new Float64Array(capacity);
    this.fieldScore = new Float64Array(capacity);
    this.docScore = new Float64Array(capacity);
    this.fieldHits = new Uint8Array(capacity);
    this.capacity = capacity;
  }

  private isLive = (doc: number): boolean => hasBit(this.live, doc);

  private liveDocs(): Int32Array {
    const out = new Int32Array(this.liveCount);
    let n = 0;
    for (let doc = 0; doc < this.docCount; doc++) if (this.products[doc]) out[n++] = doc;
    return out;
  }

  private put(product: CatalogProduct, at: Date): void {
    let doc = this.docBySku.get(product.sku);
    if (doc === undefined) {
      if (this.docCount === this.capacity) this.grow();
      doc = this.docCount++;
      this.docBySku.set(product.sku, doc);
      this.liveCount++;
    } else {
      this.unindex(doc);
    }
    this.products[doc] = product;
    this.index(doc, product, at);
  }

  private index(doc: number, product: CatalogProduct, at: Date): void {
    setBit(this.live, doc);
    if (isShownIn('listing', product)) setBit(this.listingShown, doc);
    if (isShownIn('search', product)) setBit(this.searchShown, doc);
    if (product.stock.is_in_stock) setBit(this.inStock, doc);
    for (const id of categoryIdsOf(product)) {
      let list = this.categoryDocs.get(id);
      if (!list) this.categoryDocs.set(id, (list = []));
      insertSorted(list, doc);
    }
    for (const [code, values] of filterValuesOf(product)) {
      let column = this.attributes.get(code);
      if (!column) this.attributes.set(code, (column = new AttributeColumn()));
      column.add(doc, values);
    }
    this.name.add(doc, tokenize(product.name));
    if (this.crossScript) {
      this.nameLatin.add(doc, latinTokens(product.name));
      this.nameHead.add(doc, headTokens(product.name));
      const kinds = productKinds(product);
      const before = this.docKinds[doc];
      if (!before || before.length !== kinds.length || before.some((k, i) => k !== kinds[i])) this.kindDocs = null;
      this.docKinds[doc] = kinds;
    }
    this.sku.add(doc, [skuTerm(product.sku)]);
    this.category.add(
      doc,
      product.category.flatMap((c) => tokenize(c.name)),
    );
    this.productIds[doc] = product.id;
    this.setPrices(doc, product, at);
    this.byId.changed(doc);
    this.byPriceAsc.changed(doc);
    this.byPriceDesc.changed(doc);
  }

  private unindex(doc: number): void {
    const product = this.products[doc];
    if (!product) return;
    clearBit(this.live, doc);
    clearBit(this.listingShown, doc);
    clearBit(this.searchShown, doc);
    clearBit(this.inStock, doc);
    for (const id of categoryIdsOf(product)) {
      const list = this.categoryDocs.get(id);
      if (list) removeSortedInRange(list, doc, doc + 1);
    }
    for (const [code, values] of filterValuesOf(product)) this.attributes.get(code)?.delete(doc, values);
    this.name.delete(doc, tokenize(product.name));
    if (this.crossScript) {
      this.nameLatin.delete(doc, latinTokens(product.name));
      this.nameHead.delete(doc, headTokens(product.name));
    }
    this.sku.delete(doc, [skuTerm(product.sku)]);
    this.category.delete(
      doc,
      product.category.flatMap((c) => tokenize(c.name)),
    );
    for (const byDoc of this.groupPrices.values()) byDoc.delete(doc);
    this.byId.changed(doc);
    this.byPriceAsc.changed(doc);
    this.byPriceDesc.changed(doc);
  }

  private setPrices(doc: number, product: CatalogProduct, at: Date): void {
    const prices = searchPricesOf(product, at, this.timeZone);
    this.prices[doc] = prices.base;
    for (const byDoc of this.groupPrices.values()) byDoc.delete(doc);
    for (const [group, price] of prices.groups) {
      let byDoc = this.groupPrices.get(group);
      if (!byDoc) this.groupPrices.set(group, (byDoc = new Map()));
      byDoc.set(doc, price);
    }
    this.pricesValidUntil = Math.min(this.pricesValidUntil, priceValidUntil(product, at, this.timeZone));
  }

  /** A special price window opened or closed since the prices were worked out: work them out again. */
  private repriceIfStale(at: Date): void {
    if (at.getTime() < this.pricesValidUntil) return;
    this.pricesValidUntil = Infinity;
    this.groupPrices.clear();
    for (let doc = 0; doc < this.docCount; doc++) {
      const product = this.products[doc];
      if (product) this.setPrices(doc, product, at);
    }
    this.byPriceAsc.invalidate();
    this.byPriceDesc.invalidate();
  }

  private priceOrder(ascending: boolean): Int32Array {
    return (ascending ? this.byPriceAsc : this.byPriceDesc).current(
      () => this.liveDocs(),
      (d) => this.isLive(d),
    );
  }

  // ---- search ------------------------------------------------------------------------------------------------

  search(input: SearchQueryInput): SearchResult {
    const query = parseSearchQuery(input);
    const text = normaliseSearchText(query.text);
    const empty = { items: [], total: 0, start: query.current, perPage: query.perPage } as const;
    if ((query.mode === 'search' || text !== '') && isTermTooShort(text)) {
      return { ...empty, aggregations: null, reason: 'term-too-short' };
    }
    this.repriceIfStale(this.now());
    const words = wordsFor(this.capacity);

    const base = (query.mode === 'listing' ? this.listingShown : this.searchShown).slice(0, words);
    if (!query.outOfStockListing) andInto(base, this.inStock);
    if (query.categoryId !== undefined) {
      const inCategory = new Uint32Array(words);
      for (const id of this.tree.descendantsOf(query.categoryId)) {
        for (const doc of this.categoryDocs.get(id) ?? []) setBit(inCategory, doc);
      }
      andInto(base, inCategory);
    }
    const matched: number[] = [];
    if (text !== '') {
      const textHits = this.scoreText(text, matched);
      andInto(base, textHits);
    }
    try {
      const filters = this.filterMasks(query, words);
      const priceOf = this.priceLookup(query.customerGroupId);
      const priceMask = query.price ? this.priceMask(base, query.price.from, query.price.to, priceOf) : null;
      const hits = base.slice();
      for (const [, mask] of filters) andInto(hits, mask);
      if (priceMask) andInto(hits, priceMask);
      const total = popcount(hits);
      const page = this.page(hits, total, query, text !== '', priceOf);
      return {
        items: page.map((doc) => this.products[doc] as CatalogProduct),
        total,
        start: query.current,
        perPage: query.perPage,
        aggregations: query.populateAggregations ? this.aggregate(base, filters, priceMask, priceOf) : null,
        ...(text !== '' ? { scores: page.map((doc) => this.docScore[doc] as number) } : {}),
      };
    } finally {
      for (const doc of matched) this.docScore[doc] = 0;
    }
  }

  /**
   * Scores every product against the text (see the class comment); fills `docScore` and lists the scored
   * documents in `matched` (the caller zeroes them). Returns the bitset of those at or above the min score.
   */
  private scoreText(text: string, matched: number[]): Bits {
    const analysed = analyseQuery(text);
    const { terms, latin } = analysed;
    const mustMatch = this.crossScript ? analysed.required : [];
    const required = requiredTermMatches(terms.length);
    const live = this.liveCount;
    const touchedTerm: number[] = [];
    const touchedField: number[] = [];
    const { termBest, fieldScore, fieldHits, docScore } = this;

    const scoreField = (field: TextField, fieldTerms: readonly string[], need: number): void => {
      const average = field.docsWithField > 0 ? field.totalLength / field.docsWithField : 1;
      for (const term of fieldTerms) {
        const expansions = field.expand(term);
        // Elasticsearch's fuzzy rewrite (top_terms_blended_freqs) scores every expansion of a term with the
        // most frequent expansion's document frequency: a rare misspelling-like word ("pro5" for "pro")
        // must not outrank the word the shopper typed because it is rare.
        let blendedDf = 0;
        for (const [candidate] of expansions) blendedDf = Math.max(blendedDf, field.postings.get(candidate)!.length);
        for (const [candidate, weight] of expansions) {
          const list = field.postings.get(candidate) as number[];
          const df = blendedDf;
          const idf = Math.log(1 + (live - df + 0.5) / (df + 0.5));
          const factor = field.boost * weight * idf;
          for (let i = 0; i < list.length; i++) {
            const entry = list[i] as number;
            const doc = entry >>> TF_BITS;
            const tf = entry & TF_MAX;
            const norm = 1 - BM25_B + (BM25_B * (field.lengths[doc] as number)) / average;
            const score = (factor * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm);
            const best = termBest[doc] as number;
            if (best === 0) touchedTerm.push(doc);
            if (score > best) termBest[doc] = score;
          }
        }
        for (const doc of touchedTerm) {
          if (fieldHits[doc] === 0) touchedField.push(doc);
          fieldHits[doc] = (fieldHits[doc] as number) + 1;
          fieldScore[doc] = (fieldScore[doc] as number) + (termBest[doc] as number);
          termBest[doc] = 0;
        }
        touchedTerm.length = 0;
      }
      for (const doc of touchedField) {
        if ((fieldHits[doc] as number) >= need && (fieldScore[doc] as number) > (docScore[doc] as number)) {
          if (docScore[doc] === 0) matched.push(doc);
          docScore[doc] = fieldScore[doc] as number;
        }
        fieldHits[doc] = 0;
        fieldScore[doc] = 0;
      }
      touchedField.length = 0;
    };

    scoreField(this.name, terms, required);
    scoreField(this.category, terms, required);
    scoreField(this.nameLatin, latin, required);
    scoreField(this.nameHead, latin, latin.length);
    // The sku is one keyword: the whole text is its one term.
    scoreField(this.sku, [skuTerm(lowerCase(text))], 1);
    if (this.crossScript) this.scoreKinds(queryKinds(analysed), required, matched);

    const hits = new Uint32Array(wordsFor(this.capacity));
    for (const doc of matched) if ((docScore[doc] as number) >= MIN_SCORE) setBit(hits, doc);
    // An accessory word in the query must match the name or a category (the Elasticsearch query's filter).
    for (const word of mustMatch) {
      andInto(
        hits,
        this.docsMatching([
          [this.nameLatin, word.latin],
          [this.category, word.term],
        ]),
      );
    }
    return hits;
  }

  /**
   * Issue 29: a product whose kind `required` of the query's words name gets KIND_BOOST per such word on top of
   * its text score, and is a hit even when its text is not (Elasticsearch: a `should` beside the text, whose
   * scores add up; sync-server/search/elasticsearch-query.ts).
   */
  private scoreKinds(kinds: readonly (readonly string[])[], required: number, matched: number[]): void {
    const naming = kinds.filter((stems) => stems.length > 0);
    if (naming.length < required) return;
    const kindDocs = this.kindIndex();
    const hits = new Map<number, number>();
    for (const stems of naming) {
      const docs = new Set<number>();
      for (const stem of stems) for (const doc of kindDocs.get(stem) ?? []) docs.add(doc);
      for (const doc of docs) hits.set(doc, (hits.get(doc) ?? 0) + 1);
    }
    const { docScore } = this;
    for (const [doc, count] of hits) {
      if (count < required) continue;
      if (docScore[doc] === 0) matched.push(doc);
      docScore[doc] = (docScore[doc] as number) + KIND_BOOST * count;
    }
  }

  private kindIndex(): Map<string, number[]> {
    if (this.kindDocs) return this.kindDocs;
    const index = new Map<string, number[]>();
    for (let doc = 0; doc < this.docCount; doc++) {
      for (const kind of this.docKinds[doc] ?? []) {
        const list = index.get(kind);
        if (list) list.push(doc);
        else index.set(kind, [doc]);
      }
    }
    return (this.kindDocs = index);
  }

  /** The documents where any of the fields holds a term within its word's edit budget. */
  private docsMatching(wordsInFields: ReadonlyArray<readonly [TextField, string]>): Bits {
    const bits = new Uint32Array(wordsFor(this.capacity));
    for (const [field, word] of wordsInFields) {
      for (const [candidate] of field.expand(word)) {
        for (const entry of field.postings.get(candidate) as number[]) setBit(bits, entry >>> TF_BITS);
      }
    }
    return bits;
  }

  /** Per filtered attribute, the documents with any chosen value. */
  private filterMasks(query: SearchQuery, words: number): Array<readonly [string, Bits]> {
    const masks: Array<readonly [string, Bits]> = [];
    for (const [code, values] of Object.entries(query.filters)) {
      if (values.length === 0) continue;
      const mask = new Uint32Array(words);
      const column = this.attributes.get(code);
      for (const value of values) for (const doc of column?.docsOf(value) ?? []) setBit(mask, doc);
      masks.push([code, mask]);
    }
    return masks;
  }

  private priceLookup(customerGroupId: number | undefined): (doc: number) => number {
    const prices = this.prices;
    if (customerGroupId === undefined) return (doc) => prices[doc] as number;
    const own = this.groupPrices.get(customerGroupId);
    const all = this.groupPrices.get(ALL_GROUPS);
    if (!own && !all) return (doc) => prices[doc] as number;
    return (doc) => Math.min(prices[doc] as number, own?.get(doc) ?? Infinity, all?.get(doc) ?? Infinity);
  }

  private priceMask(base: Bits, from: number | null, to: number | null, priceOf: (doc: number) => number): Bits {
    const mask = new Uint32Array(base.length);
    const low = from ?? -Infinity;
    const high = to ?? Infinity;
    for (let i = 0; i < base.length; i++) {
      let w = base[i] as number;
      let out = 0;
      while (w !== 0) {
        const bit = w & -w;
        const price = priceOf((i << 5) + 31 - Math.clz32(bit));
        if (price >= low && price < high) out |= bit;
        w ^= bit;
      }
      mask[i] = out;
    }
    return mask;
  }

  /** The documents of the requested page, in the query's order. */
  private page(
    hits: Bits,
    total: number,
    query: SearchQuery,
    byRelevance: boolean,
    priceOf: (doc: number) => number,
  ): number[] {
    const { current, perPage } = query;
    if (current >= total) return [];
    if (query.sort === 'default' && byRelevance) return this.pageByScore(hits, current, perPage);
    if (total * 32 < this.liveCount) return this.pageBySorting(hits, total, query, priceOf);
    const order =
      query.sort === 'default'
        ? this.byId.current(
            () => this.liveDocs(),
            (d) => this.isLive(d),
          )
        : this.priceOrder(query.sort === 'price-asc');
    const out: number[] = [];
    const overridden = query.sort === 'default' ? [] : this.groupOverrides(hits, query, priceOf);
    const skip = new Set(overridden);
    let seen = 0;
    let o = 0;
    const ascending = query.sort !== 'price-desc';
    const before = (a: number, b: number): boolean => {
      const pa = priceOf(a);
      const pb = priceOf(b);
      if (pa !== pb) return ascending ? pa < pb : pa > pb;
      const ia = this.productIds[a] as number;
      const ib = this.productIds[b] as number;
      return ia !== ib ? ia < ib : a < b;
    };
    for (let i = 0; i < order.length && out.length < perPage;) {
      const doc = order[i] as number;
      if (!hasBit(hits, doc) || skip.has(doc)) {
        i++;
        continue;
      }
      const next = overridden[o];
      const take = next !== undefined && before(next, doc) ? (o++, next) : (i++, doc);
      if (seen++ >= current) out.push(take);
    }
    while (o < overridden.length && out.length < perPage) {
      const take = overridden[o++] as number;
      if (seen++ >= current) out.push(take);
    }
    return out;
  }

  /** Few hits: sorting them beats walking a precomputed order over the whole catalogue. */
  private pageBySorting(hits: Bits, total: number, query: SearchQuery, priceOf: (doc: number) => number): number[] {
    const docs = new Int32Array(total);
    let n = 0;
    for (let i = 0; i < hits.length; i++) {
      let w = hits[i] as number;
      while (w !== 0) {
        const bit = w & -w;
        w ^= bit;
        docs[n++] = (i << 5) + 31 - Math.clz32(bit);
      }
    }
    const ids = this.productIds;
    const byId = (a: number, b: number) => (ids[a] as number) - (ids[b] as number) || a - b;
    const sign = query.sort === 'price-desc' ? -1 : 1;
    docs.sort(query.sort === 'default' ? byId : (a, b) => sign * (priceOf(a) - priceOf(b)) || byId(a, b));
    return [...docs.subarray(query.current, query.current + query.perPage)];
  }

  /** Hits whose group price differs from the base price, in the query's price order (merged into the base order). */
  private groupOverrides(hits: Bits, query: SearchQuery, priceOf: (doc: number) => number): number[] {
    if (query.customerGroupId === undefined) return [];
    const docs = new Set<number>();
    for (const group of [query.customerGroupId, ALL_GROUPS]) {
      for (const doc of this.groupPrices.get(group)?.keys() ?? []) if (hasBit(hits, doc)) docs.add(doc);
    }
    const sign = query.sort === 'price-desc' ? -1 : 1;
    return [...docs].sort(
      (a, b) =>
        sign * (priceOf(a) - priceOf(b)) || (this.productIds[a] as number) - (this.productIds[b] as number) || a - b,
    );
  }

  /** Relevance order: score descending, then product id. Keeps only the best `current + perPage`. */
  private pageByScore(hits: Bits, current: number, perPage: number): number[] {
    const keep = current + perPage;
    const scores = this.docScore;
    const ids = this.productIds;
    const better = (a: number, b: number): boolean =>
      (scores[a] as number) > (scores[b] as number) ||
      ((scores[a] as number) === (scores[b] as number) &&
        ((ids[a] as number) < (ids[b] as number) || (ids[a] === ids[b] && a < b)));
    // A min-heap of the best `keep` so far: the root is the worst kept.
    const heap: number[] = [];
    const siftDown = (at: number): void => {
      for (;;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let worst = at;
        if (left < heap.length && better(heap[worst] as number, heap[left] as number)) worst = left;
        if (right < heap.length && better(heap[worst] as number, heap[right] as number)) worst = right;
        if (worst === at) return;
        [heap[at], heap[worst]] = [heap[worst] as number, heap[at] as number];
        at = worst;
      }
    };
    for (let i = 0; i < hits.length; i++) {
      let w = hits[i] as number;
      while (w !== 0) {
        const bit = w & -w;
        const doc = (i << 5) + 31 - Math.clz32(bit);
        w ^= bit;
        if (heap.length < keep) {
          heap.push(doc);
          for (let at = heap.length - 1; at > 0;) {
            const parent = (at - 1) >>> 1;
            if (!better(heap[parent] as number, heap[at] as number)) break;
            [heap[at], heap[parent]] = [heap[parent] as number, heap[at] as number];
            at = parent;
          }
        } else if (better(doc, heap[0] as number)) {
          heap[0] = doc;
          siftDown(0);
        }
      }
    }
    return heap.sort((a, b) => (better(a, b) ? -1 : 1)).slice(current);
  }

  private aggregate(
    base: Bits,
    filters: ReadonlyArray<readonly [string, Bits]>,
    priceMask: Bits | null,
    priceOf: (doc: number) => number,
  ): SearchAggregations {
    const codes = [...new Set([...this.aggregationAttributes, ...filters.map(([code]) => code)])];
    const attributes: Record<string, { buckets: TermBucket[] }> = {};
    for (const code of codes) {
      const mask = base.slice();
      for (const [other, filter] of filters) if (other !== code) andInto(mask, filter);
      if (priceMask) andInto(mask, priceMask);
      attributes[code] = { buckets: this.countValues(code, mask) };
    }
    const priceBase = base.slice();
    for (const [, filter] of filters) andInto(priceBase, filter);
    return { attributes, agg_terms_cena: priceAggregation(priceBase, priceOf) };
  }

  private countValues(code: string, mask: Bits): TermBucket[] {
    const column = this.attributes.get(code);
    if (!column || isEmpty(mask)) return [];
    return column.count(mask, this.capacity, AGGREGATION_SIZE);
  }
}

/**
 * The spec's price buckets over the documents of `mask`: step by the euro spread, bounds at multiples of the euro
 * step (price-range.ts: a product is in the range its shown euro price falls in).
 */
const priceAggregation = (mask: Bits, priceOf: (doc: number) => number): PriceAggregation => {
  const euro: number[] = [];
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < mask.length; i++) {
    let w = mask[i] as number;
    while (w !== 0) {
      const bit = w & -w;
      const price = priceOf((i << 5) + 31 - Math.clz32(bit));
      w ^= bit;
      if (price <= 0) continue;
      euro.push(bgnToEurCents(price));
      if (price < min) min = price;
      if (price > max) max = price;
    }
  }
  if (euro.length === 0) return { step: null, min: null, max: null, buckets: [] };
  const step = priceRangeStep(bgnToEurCents(max) - bgnToEurCents(min));
  const counts = new Map<number, number>();
  for (const cents of euro) {
    const from = Math.floor(cents / step) * step;
    counts.set(from, (counts.get(from) ?? 0) + 1);
  }
  const buckets: PriceBucket[] = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([from, count]) => euroBucket(from, step, count, cachedPriceBucketLabel));
  return { step, min, max, buckets };
};
