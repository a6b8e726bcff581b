import { Client, type estypes } from '@elastic/elasticsearch';

type ClientOptions = ConstructorParameters<typeof Client>[0];
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Category } from '../../schema/catalog/category.ts';
import { SHOP_TIME_ZONE } from '../../schema/catalog/rules/shop-time.ts';
import { createCategoryTree, type CategoryTree } from '../../schema/search/category-tree.ts';
import { parseSearchQuery, type SearchQueryInput } from '../../schema/search/query.ts';
import type { SearchEngine, SearchResult } from '../../schema/search/search-engine.ts';
import {
  fromEsDocument,
  PRICE_VALID_UNTIL_FIELD,
  PRODUCT_INDEX_MAPPINGS,
  PRODUCT_INDEX_SETTINGS,
  SEARCH_SOURCE_FIELD,
  toEsDocument,
  type EsProductDocument,
} from './elasticsearch-mapping.ts';
import { buildSearchRequest, parseSearchResponse, type CatalogProductSource } from './elasticsearch-query.ts';

/**
 * The Elasticsearch engine (`ES_URL`): the same interface and semantics as the embedded engine, through the
 * official client. Searches go to an alias; `replaceAll` fills a fresh index with the bulk helper and swaps the
 * alias to it in one atomic `_aliases` call, so a search never sees a half-built catalogue; `upsert` and
 * `remove` write through the alias.
 *
 * The search price of a product on special depends on the clock, and a stored document cannot recompute itself:
 * each document keeps the instant its price may change (`search.price_valid_until`), and before a search past
 * the earliest such instant the engine re-indexes the products concerned.
 */

/** Spec section 7: "The search timeout is ... 1000 ms on the server." */
export const SEARCH_TIMEOUT_MS = 1000;
export const DEFAULT_ALIAS = 'catalog-products';
const REPRICE_BATCH = 1000;

export interface ElasticsearchEngineOptions {
  readonly client: Client;
  /** The alias searches use; each `replaceAll` builds `<alias>-<time>` behind it. */
  readonly alias?: string;
  readonly categories?: readonly Category[];
  readonly now?: () => Date;
  readonly aggregationAttributes?: readonly string[];
  readonly timeZone?: string;
  /** Make each write visible to the next search ('wait_for'); default off: Elasticsearch refreshes every second. */
  readonly refresh?: boolean;
}

export interface ElasticsearchSearchEngine extends SearchEngine {
  readonly kind: 'elasticsearch';
  setCategories(categories: readonly Category[]): void;
  replaceAll(products: readonly CatalogProduct[]): Promise<void>;
  upsert(products: readonly CatalogProduct[]): Promise<void>;
  remove(skus: readonly string[]): Promise<void>;
  search(query: SearchQueryInput): Promise<SearchResult>;
  getBySku(sku: string): Promise<CatalogProduct | undefined>;
  /** Re-index the products whose special price window opened or closed; returns how many. */
  repriceExpired(): Promise<number>;
}

/** The client for `ES_URL`. */
export const createElasticsearchClient = (url: string, options: Omit<ClientOptions, 'node' | 'nodes'> = {}): Client =>
  new Client({ node: url, ...options });

interface BulkFailure {
  readonly status: number;
  readonly error: unknown;
  readonly sku: string;
}

export const createElasticsearchSearchEngine = (options: ElasticsearchEngineOptions): ElasticsearchSearchEngine => {
  const { client } = options;
  const alias = options.alias ?? DEFAULT_ALIAS;
  const now = options.now ?? (() => new Date());
  const timeZone = options.timeZone ?? SHOP_TIME_ZONE;
  const refresh = options.refresh ? ('wait_for' as const) : false;
  let tree: CategoryTree = createCategoryTree(options.categories ?? []);
  let aliasReady = false;
  /** The earliest `price_valid_until` in the index; -Infinity until looked up. */
  let nextPriceChange = -Infinity;
  let generation = 0;

  const fail = (what: string, failures: readonly BulkFailure[]): Error => {
    const sample = failures
      .slice(0, 3)
      .map((f) => `${f.sku}: ${f.status} ${JSON.stringify(f.error)}`)
      .join('; ');
    return new Error(`Elasticsearch ${what}: ${failures.length} failed (${sample})`);
  };

  const indexDocuments = async (index: string, products: readonly CatalogProduct[], refreshOnCompletion: boolean) => {
    const at = now();
    const documents = products.map((p) => toEsDocument(p, at, timeZone));
    const failures: BulkFailure[] = [];
    await client.helpers.bulk<EsProductDocument>({
      datasource: documents,
      onDocument: (doc) => ({ index: { _index: index, _id: doc.sku } }),
      onDrop: (dropped) => failures.push({ status: dropped.status, error: dropped.error, sku: dropped.document.sku }),
      refreshOnCompletion: refreshOnCompletion ? index : false,
    });
    if (failures.length > 0) throw fail('indexing', failures);
    for (const doc of documents) {
      if (doc.search.price_valid_until !== undefined) {
        nextPriceChange = Math.min(nextPriceChange, doc.search.price_valid_until);
      }
    }
  };

  const currentIndices = async (): Promise<string[]> => {
    if (!(await client.indices.existsAlias({ name: alias }))) return [];
    return Object.keys(await client.indices.getAlias({ name: alias }));
  };

  const createIndex = async (): Promise<string> => {
    const index = `${alias}-${now().getTime()}-${generation++}`;
    await client.indices.create({ index, settings: PRODUCT_INDEX_SETTINGS, mappings: PRODUCT_INDEX_MAPPINGS });
    return index;
  };

  const pointAliasAt = async (index: string, previous: readonly string[]): Promise<void> => {
    await client.indices.updateAliases({
      actions: [
        ...previous.map((old) => ({ remove: { index: old, alias } })),
        { add: { index, alias, is_write_index: true } },
      ],
    });
    aliasReady = true;
  };

  /** Writes before the first `replaceAll` go to an empty index made for them, never to an auto-created one. */
  const ensureAlias = async (): Promise<void> => {
    if (aliasReady) return;
    if (await client.indices.existsAlias({ name: alias })) aliasReady = true;
    else await pointAliasAt(await createIndex(), []);
  };

  const repriceExpired = async (): Promise<number> => {
    await ensureAlias();
    const at = now();
    let repriced = 0;
    for (let round = 0; round < 100; round++) {
      const due = await client.search<CatalogProductSource>({
        index: alias,
        size: REPRICE_BATCH,
        query: { range: { [PRICE_VALID_UNTIL_FIELD]: { lte: at.getTime() } } },
        _source: { excludes: [SEARCH_SOURCE_FIELD] },
      });
      const products = due.hits.hits.flatMap((hit) => (hit._source ? [fromEsDocument(hit._source)] : []));
      if (products.length === 0) break;
      await indexDocuments(alias, products, true);
      repriced += products.length;
      if (products.length < REPRICE_BATCH) break;
    }
    const next = await client.search({
      index: alias,
      size: 0,
      aggs: { next: { min: { field: PRICE_VALID_UNTIL_FIELD } } },
    });
    const value = (next.aggregations?.next as estypes.AggregationsMinAggregate | undefined)?.value;
    nextPriceChange = typeof value === 'number' ? value : Infinity;
    return repriced;
  };

  return {
    kind: 'elasticsearch',

    setCategories(categories) {
      tree = createCategoryTree(categories);
    },

    async replaceAll(products) {
      const index = await createIndex();
      try {
        nextPriceChange = Infinity;
        await indexDocuments(index, products, true);
        const previous = await currentIndices();
        await pointAliasAt(index, previous);
        if (previous.length > 0) await client.indices.delete({ index: previous });
      } catch (error) {
        await client.indices.delete({ index }, { ignore: [404] }).catch(() => undefined);
        nextPriceChange = -Infinity;
        throw error;
      }
    },

    async upsert(products) {
      if (products.length === 0) return;
      await ensureAlias();
      await indexDocuments(alias, products, refresh !== false);
    },

    async remove(skus) {
      if (skus.length === 0) return;
      await ensureAlias();
      const failures: BulkFailure[] = [];
      await client.helpers.bulk<string>({
        datasource: [...skus],
        onDocument: (sku) => ({ delete: { _index: alias, _id: sku } }),
        // Deleting what is not there is no failure.
        onDrop: (dropped) => {
          // The helper gives no document for a delete: the sku is the operation's id.
          const sku = 'delete' in dropped.operation ? String(dropped.operation.delete._id) : '?';
          if (dropped.status !== 404) failures.push({ status: dropped.status, error: dropped.error, sku });
        },
        refreshOnCompletion: refresh !== false ? alias : false,
      });
      if (failures.length > 0) throw fail('delete', failures);
    },

    async search(input) {
      const query = parseSearchQuery(input);
      const request = buildSearchRequest(query, {
        index: alias,
        categories: tree,
        ...(options.aggregationAttributes ? { aggregationAttributes: options.aggregationAttributes } : {}),
      });
      if (!request) {
        return {
          items: [],
          total: 0,
          start: query.current,
          perPage: query.perPage,
          aggregations: null,
          reason: 'term-too-short',
        };
      }
      if (now().getTime() >= nextPriceChange) await repriceExpired();
      const response = await client.search<CatalogProductSource>(request, { requestTimeout: SEARCH_TIMEOUT_MS });
      return parseSearchResponse(response, query, options.aggregationAttributes);
    },

    async getBySku(sku) {
      const found = await client.get<CatalogProductSource>(
        { index: alias, id: sku, _source_excludes: [SEARCH_SOURCE_FIELD] },
        { ignore: [404], requestTimeout: SEARCH_TIMEOUT_MS },
      );
      return found.found && found._source ? fromEsDocument(found._source) : undefined;
    },

    repriceExpired,
  };
};
