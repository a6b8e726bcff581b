import { Client, type estypes } from '@elastic/elasticsearch';
import type { Logger } from 'pino';

type ClientOptions = ConstructorParameters<typeof Client>[0];
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Category } from '../../schema/catalog/category.ts';
import { SHOP_TIME_ZONE } from '../../schema/catalog/rules/shop-time.ts';
import { createCategoryTree, type CategoryTree } from '../../schema/search/category-tree.ts';
import { parseSearchQuery, type SearchQueryInput } from '../../schema/search/query.ts';
import type { SearchEngine, SearchResult } from '../../schema/search/search-engine.ts';
import { sendBulk, type BulkFailure, type BulkRetryPolicy } from './elasticsearch-bulk.ts';
import { fromEsDocument, PRICE_VALID_UNTIL_FIELD, SEARCH_SOURCE_FIELD, toEsDocument } from './elasticsearch-mapping.ts';
import { buildSearchRequest, parseSearchResponse, type CatalogProductSource } from './elasticsearch-query.ts';
import { putProductIndexTemplate } from './elasticsearch-template.ts';

/**
 * The Elasticsearch engine (`ES_URL`): the same interface and semantics as the embedded engine, through the
 * official client. Searches go to an alias; `replaceAll` fills a fresh index and swaps the alias to it in one
 * atomic `_aliases` call, so a search never sees a half-built catalogue; `upsert` and `remove` write through the
 * alias. The physical indices take their mapping from an index template (elasticsearch-template.ts); `indices`
 * gives a rebuild its steps (sync-server/catalog/search-rebuild.ts builds one index for every instance). Bulk
 * requests are retried with backoff (elasticsearch-bulk.ts).
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
  /** How bulk requests are retried (elasticsearch-bulk.ts's default when absent). */
  readonly retry?: BulkRetryPolicy;
  /** Waits between bulk attempts; tests give one that does not wait. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Where bulk retries are logged; default: the process's logger. */
  readonly logger?: Logger;
}

/** The physical indices behind the alias, step by step: a rebuild's building blocks. */
export interface ElasticsearchIndices {
  readonly alias: string;
  /** Puts the index template (idempotent). */
  putTemplate(): Promise<void>;
  /** The indices the alias points at; none when there is no alias. */
  behindAlias(): Promise<string[]>;
  /** A new, empty index `<alias>-<time>-<n>`, mapped by the template. */
  create(): Promise<string>;
  /** Indexes products into that index (not through the alias). */
  fill(index: string, products: readonly CatalogProduct[]): Promise<void>;
  /** Refreshes `index`, points the alias at it alone in one `_aliases` call, deletes what it pointed at; answers those. */
  swapTo(index: string): Promise<string[]>;
  /** Deletes an index (a build given up); a missing one is no error. */
  drop(index: string): Promise<void>;
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
  readonly indices: ElasticsearchIndices;
}

export const isElasticsearchEngine = (engine: SearchEngine): engine is ElasticsearchSearchEngine =>
  engine.kind === 'elasticsearch';

/** The client for `ES_URL`. */
export const createElasticsearchClient = (url: string, options: Omit<ClientOptions, 'node' | 'nodes'> = {}): Client =>
  new Client({ node: url, ...options });

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
      .map((f) => `${f.key}: ${f.status} ${JSON.stringify(f.error)}`)
      .join('; ');
    return new Error(`Elasticsearch ${what}: ${failures.length} failed (${sample})`);
  };

  const bulk = (what: string) => ({
    what,
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });

  const indexDocuments = async (index: string, products: readonly CatalogProduct[], refreshAfter: boolean) => {
    const at = now();
    const documents = products.map((p) => toEsDocument(p, at, timeZone));
    const failures = await sendBulk(
      client,
      documents.map((doc) => ({ action: { index: { _index: index, _id: doc.sku } }, document: doc, key: doc.sku })),
      bulk('indexing'),
    );
    if (failures.length > 0) throw fail('indexing', failures);
    if (refreshAfter) await client.indices.refresh({ index });
    for (const doc of documents) {
      if (doc.search.price_valid_until !== undefined) {
        nextPriceChange = Math.min(nextPriceChange, doc.search.price_valid_until);
      }
    }
  };

  const behindAlias = async (): Promise<string[]> => {
    const answer = await client.indices.getAlias({ name: alias }, { ignore: [404], meta: true });
    const names = answer.statusCode === 404 ? [] : Object.keys(answer.body);
    // Seen in place: writes through it need no look of their own.
    if (names.length > 0) aliasReady = true;
    return names;
  };

  let templatePut: Promise<void> | undefined;
  const putTemplate = (): Promise<void> => {
    templatePut = putProductIndexTemplate(client, alias).catch((error: unknown) => {
      templatePut = undefined;
      throw error;
    });
    return templatePut;
  };

  const createIndex = async (): Promise<string> => {
    await (templatePut ?? putTemplate());
    const index = `${alias}-${now().getTime()}-${generation++}`;
    // No mapping here: the template's applies (the name matches its pattern).
    await client.indices.create({ index });
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

  const dropIndex = async (index: string): Promise<void> => {
    await client.indices.delete({ index }, { ignore: [404] });
  };

  const swap = async (index: string): Promise<string[]> => {
    await client.indices.refresh({ index });
    const previous = (await behindAlias()).filter((name) => name !== index);
    await pointAliasAt(index, previous);
    if (previous.length > 0) await client.indices.delete({ index: previous });
    return previous;
  };

  const indices: ElasticsearchIndices = {
    alias,
    putTemplate,
    behindAlias,
    create: createIndex,
    fill: (index, products) => indexDocuments(index, products, false),
    async swapTo(index) {
      const previous = await swap(index);
      // Built in steps (perhaps by another process): the earliest price change is looked up before the next search.
      nextPriceChange = -Infinity;
      return previous;
    },
    drop: dropIndex,
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
        await indexDocuments(index, products, false);
        await swap(index);
      } catch (error) {
        await dropIndex(index).catch(() => undefined);
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
      const failures = await sendBulk(
        client,
        skus.map((sku) => ({ action: { delete: { _index: alias, _id: sku } }, key: sku })),
        // Deleting what is not there is no failure.
        { ...bulk('delete'), accept: (status) => status === 404 },
      );
      if (failures.length > 0) throw fail('delete', failures);
      if (refresh !== false) await client.indices.refresh({ index: alias });
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
    indices,
  };
};
