import { nameHead } from '../../../schema/search/cross-script.ts';
import {
  BaseConnection,
  Client,
  type ConnectionRequestOptions,
  type ConnectionRequestOptionsAsStream,
  type ConnectionRequestParams,
  type ConnectionRequestResponse,
  type ConnectionRequestResponseAsStream,
  type estypes,
} from '@elastic/elasticsearch';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { levBoundOfEuro, priceBucketLabel, priceRangeStep } from '../../../schema/catalog/rules/price-range.ts';
import { bgnToEurCents } from '../../../schema/money/currency.ts';
import { createElasticsearchSearchEngine } from '../../../sync-server/search/elasticsearch-engine.ts';
import {
  PRODUCT_INDEX_MAPPINGS,
  toEsDocument,
  type EsProductDocument,
} from '../../../sync-server/search/elasticsearch-mapping.ts';
import {
  buildSearchRequest,
  GROUP_PRICE_RUNTIME_FIELD,
  parseSearchResponse,
  EURO_PRICE_RUNTIME_FIELD,
  PRICE_STEPS,
} from '../../../sync-server/search/elasticsearch-query.ts';
import { AIR, CASE, CASES, CATALOGUE, CATEGORIES, IPHONE_PRO, NOW, PRO, SALE } from './fixtures.ts';

/**
 * No Elasticsearch server can run here, so these tests check the requests: the query DSL built for the same
 * cases the embedded engine is tested on, and the calls the engine makes through the official client. For the
 * latter a fake `Connection` answers in place of the cluster (a mock only where the real thing cannot run, as
 * the developers' guide allows); everything above the socket (client, bulk helper, serialisation) is real.
 */

const OPTIONS = { index: 'catalog-products', categories: CATEGORIES };
const build = (query: Parameters<typeof buildSearchRequest>[0]) => {
  const request = buildSearchRequest(query, OPTIONS);
  if (!request) throw new Error('expected a request');
  return request;
};
const boolOf = (request: estypes.SearchRequest) => request.query?.bool ?? {};
const filtersOf = (request: estypes.SearchRequest) => boolOf(request).filter as estypes.QueryDslQueryContainer[];

describe('Elasticsearch request: visibility rules (spec section 5)', () => {
  it('a listing filters is_old 0, visibility 2-4, status 0-1, and no stock condition while out-of-stock listing is on', () => {
    const request = build(CASES.listing);
    expect(filtersOf(request)).toEqual([
      { term: { is_old: 0 } },
      { terms: { visibility: [2, 3, 4] } },
      { terms: { status: [0, 1] } },
    ]);
    expect(boolOf(request).must).toBeUndefined();
    expect(request.min_score).toBeUndefined();
    expect(request.sort).toEqual([{ id: { order: 'asc' } }]);
    expect(request).toMatchObject({ index: 'catalog-products', from: 0, size: 50, track_total_hits: true });
    expect(request._source).toEqual({ excludes: ['search'] });
    expect(request.aggs).toBeUndefined();
  });

  it('with out-of-stock listing off, in stock is required', () => {
    expect(filtersOf(build(CASES.listingInStockOnly))).toContainEqual({ term: { 'stock.is_in_stock': true } });
  });

  it('a search filters visibility 3-4 and status 1, and scores the text', () => {
    const request = build(CASES.search);
    expect(filtersOf(request)).toEqual([
      { term: { is_old: 0 } },
      { terms: { visibility: [3, 4] } },
      { terms: { status: [1] } },
    ]);
    const fuzzy = { fuzziness: 'AUTO:3,5', max_expansions: 50, prefix_length: 0 };
    const text = {
      dis_max: {
        queries: [
          {
            multi_match: {
              query: 'macbook',
              type: 'best_fields',
              fields: ['name^4', 'sku^4', 'category.name^1'],
              ...fuzzy,
              operator: 'or',
              minimum_should_match: '80%',
            },
          },
          // Issue 19: the text folded to Latin, on the name folded and the name's head (every word).
          {
            match: {
              'name.latin': { query: 'macbook', boost: 3, ...fuzzy, operator: 'or', minimum_should_match: '80%' },
            },
          },
          { match: { 'search.name_head': { query: 'macbook', boost: 6, ...fuzzy, operator: 'and' } } },
        ],
      },
    };
    // Issue 29: or a product of the kind the word names, 40 added to its score (a MacBook by its category).
    const kind = {
      bool: {
        should: [{ constant_score: { filter: { terms: { 'search.kind': ['macbook'] } }, boost: 40 } }],
        minimum_should_match: 1,
      },
    };
    expect(boolOf(request).must).toEqual([{ bool: { should: [text, kind], minimum_should_match: 1 } }]);
    expect(request.min_score).toBe(0.02);
    expect(request.sort).toEqual([{ _score: { order: 'desc' } }, { id: { order: 'asc' } }]);
  });
});

describe('Elasticsearch request: text, paging, categories, filters, sorts', () => {
  it('a term under 3 characters builds no request', () => {
    expect(buildSearchRequest(CASES.tooShort, OPTIONS)).toBeNull();
    expect(buildSearchRequest({ mode: 'search' }, OPTIONS)).toBeNull();
    expect(buildSearchRequest({ text: '   ' }, OPTIONS)).not.toBeNull();
  });

  it('fuzzy terms go as typed (trimmed), Cyrillic and Latin alike', () => {
    for (const [query, text] of [
      [CASES.fuzzyLatin, 'macbok'],
      [CASES.fuzzyCyrillic, 'Калъфф'],
      [CASES.threeTerms, 'macbook pro 14'],
      [{ mode: 'search', text: '  macbook   air ' }, 'macbook air'],
    ] as const) {
      const [clause] = boolOf(build(query)).must as [
        { bool: { should: [{ dis_max: { queries: unknown[] } }] } } | { dis_max: { queries: unknown[] } },
      ];
      const best = 'dis_max' in clause ? clause : clause.bool.should[0];
      expect(best.dis_max.queries[0]).toEqual({
        multi_match: expect.objectContaining({ query: text, fuzziness: 'AUTO:3,5' }),
      });
    }
  });

  it('size 0 becomes 50, a negative start 0; pages map to from/size', () => {
    expect(build(CASES.pageSizeZero)).toMatchObject({ from: 0, size: 50 });
    expect(build(CASES.page2)).toMatchObject({ from: 2, size: 2 });
  });

  it('a category listing filters on the category and its descendants', () => {
    expect(filtersOf(build(CASES.categoryWithDescendants))).toContainEqual({ terms: { category_ids: [11, 12, 13] } });
    expect(filtersOf(build({ categoryId: 999 }))).toContainEqual({ terms: { category_ids: [999] } });
  });

  it('without aggregations, attribute and price filters narrow the query itself', () => {
    const request = build({ filters: { cvyat: ['black', 'silver'], ram: ['16gb'] }, price: CASES.priceRange.price });
    expect(filtersOf(request).slice(3)).toEqual([
      { terms: { 'search.attributes.cvyat': ['black', 'silver'] } },
      { terms: { 'search.attributes.ram': ['16gb'] } },
      { range: { 'search.final_price': { gte: 150_000, lt: 200_000 } } },
    ]);
    expect(request.post_filter).toBeUndefined();
    expect(filtersOf(build({ price: { from: null, to: 5_000 } })).at(-1)).toEqual({
      range: { 'search.final_price': { lt: 5_000 } },
    });
  });

  it('sorts: price ascending and descending on the final price, ties by id', () => {
    expect(build(CASES.priceAsc).sort).toEqual([{ 'search.final_price': { order: 'asc' } }, { id: { order: 'asc' } }]);
    expect(build(CASES.priceDesc).sort).toEqual([
      { 'search.final_price': { order: 'desc' } },
      { id: { order: 'asc' } },
    ]);
  });

  it("a customer group sorts and filters on a runtime field: the lower of the base and the group's price", () => {
    const request = build({ ...CASES.groupPrice, price: { from: 2_000, to: 3_500 } });
    expect(request.sort).toEqual([{ [GROUP_PRICE_RUNTIME_FIELD]: { order: 'asc' } }, { id: { order: 'asc' } }]);
    expect(filtersOf(request)).toContainEqual({ range: { [GROUP_PRICE_RUNTIME_FIELD]: { gte: 2_000, lt: 3_500 } } });
    const runtime = request.runtime_mappings?.[GROUP_PRICE_RUNTIME_FIELD];
    expect(runtime).toMatchObject({
      type: 'long',
      script: { params: { own: 'search.group_price.3', all: 'search.group_price.32000' } },
    });
  });
});

describe('Elasticsearch request: aggregations', () => {
  const request = build(CASES.filtered);
  const aggs = request.aggs ?? {};

  it('filters move to post_filter so each attribute counts without its own filter', () => {
    expect(request.post_filter).toEqual({ bool: { filter: [{ terms: { 'search.attributes.cvyat': ['black'] } }] } });
    expect(aggs.agg_terms_cvyat).toEqual({
      filter: { match_all: {} },
      aggs: {
        values: {
          terms: { field: 'search.attributes.cvyat', size: 10, order: [{ _count: 'desc' }, { _key: 'asc' }] },
        },
      },
    });
    expect(aggs.agg_terms_ram?.filter).toEqual({
      bool: { filter: [{ terms: { 'search.attributes.cvyat': ['black'] } }] },
    });
    expect(Object.keys(aggs).sort()).toEqual(
      ['cvyat', 'displey', 'disk', 'ram', 'procesor', 'klaviatura', 'touchbar', 'flag', 'model', 'cena']
        .map((c) => `agg_terms_${c}`)
        .sort(),
    );
  });

  it('the price aggregation: attribute filters and priced products only, a stats and one euro histogram per step', () => {
    expect(aggs.agg_terms_cena).toEqual({
      filter: {
        bool: {
          filter: [{ terms: { 'search.attributes.cvyat': ['black'] } }, { range: { 'search.final_price': { gt: 0 } } }],
        },
      },
      aggs: {
        stats: { stats: { field: 'search.final_price' } },
        step_10000: { histogram: { field: EURO_PRICE_RUNTIME_FIELD, interval: 10_000, min_doc_count: 1 } },
        step_30000: { histogram: { field: EURO_PRICE_RUNTIME_FIELD, interval: 30_000, min_doc_count: 1 } },
        step_50000: { histogram: { field: EURO_PRICE_RUNTIME_FIELD, interval: 50_000, min_doc_count: 1 } },
      },
    });
    expect(request.runtime_mappings?.[EURO_PRICE_RUNTIME_FIELD]).toMatchObject({
      type: 'long',
      script: { params: { field: 'search.final_price' } },
    });
    for (const spread of [0, 49_999, 50_000, 150_000, 150_001, 10_000_000]) {
      expect(PRICE_STEPS).toContain(priceRangeStep(spread));
    }
  });

  it("the euro histogram's script converts as the shop does: half-up to the cent at 1.95583 лв. per euro", () => {
    // Painless is Java; the script's integer formula, evaluated here, gives bgnToEurCents for any lev price.
    const script = request.runtime_mappings?.[EURO_PRICE_RUNTIME_FIELD]?.script;
    const source = typeof script === 'object' && 'source' in script ? String(script.source) : String(script);
    const formula = /emit\((.*)\);/.exec(source)?.[1] ?? '';
    expect(formula).toBe('(price * 200000L + 195583L) / 391166L');
    for (const stotinki of [1, 97_790, 97_791, 189_900, 309_900, 899_900]) {
      expect(Math.floor((stotinki * 200_000 + 195_583) / 391_166)).toBe(bgnToEurCents(stotinki));
    }
  });

  it('a price filter applies to the attribute counts and the hits, not to the price buckets', () => {
    const withPrice = build({ ...CASES.filtered, price: { from: 0, to: 10_000 } });
    const range = { range: { 'search.final_price': { gte: 0, lt: 10_000 } } };
    expect(withPrice.post_filter).toEqual({
      bool: { filter: [{ terms: { 'search.attributes.cvyat': ['black'] } }, range] },
    });
    expect(withPrice.aggs?.agg_terms_cvyat?.filter).toEqual({ bool: { filter: [range] } });
    expect(JSON.stringify(withPrice.aggs?.agg_terms_cena)).not.toContain('"lt"');
  });
});

describe('Elasticsearch response', () => {
  const hit = (product: CatalogProduct, score: number | null = null) => ({
    _index: 'catalog-products-1',
    _id: product.sku,
    _score: score,
    _source: product,
  });

  it('reads hits, total and the aggregations, picking the histogram of the spread', () => {
    const response = {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { total: { value: 3, relation: 'eq' }, max_score: null, hits: [hit(PRO), hit(CASE)] },
      aggregations: {
        agg_terms_cvyat: {
          doc_count: 6,
          values: {
            buckets: [
              { key: 'black', doc_count: 3 },
              { key: 'silver', doc_count: 2 },
            ],
          },
        },
        agg_terms_ram: { doc_count: 1, values: { buckets: [{ key: '24gb', doc_count: 1 }] } },
        agg_terms_cena: {
          doc_count: 3,
          stats: { count: 3, min: 4_990, max: 439_900, avg: 0, sum: 0 },
          step_10000: { buckets: [{ key: 0, doc_count: 1 }] },
          step_30000: { buckets: [{ key: 0, doc_count: 1 }] },
          step_50000: {
            buckets: [
              { key: 0, doc_count: 1 },
              { key: 50_000, doc_count: 1 },
              { key: 200_000, doc_count: 1 },
            ],
          },
        },
      },
    } as unknown as estypes.SearchResponse<EsProductDocument>;
    const result = parseSearchResponse(response, CASES.filtered);
    expect(result.items).toEqual([PRO, CASE]);
    expect(result).toMatchObject({ total: 3, start: 0, perPage: 50 });
    expect(result.scores).toBeUndefined();
    expect(result.aggregations?.attributes.cvyat?.buckets).toEqual([
      { key: 'black', count: 3 },
      { key: 'silver', count: 2 },
    ]);
    expect(result.aggregations?.attributes.disk?.buckets).toEqual([]);
    expect(result.aggregations?.agg_terms_cena).toEqual({
      step: 50_000,
      min: 4_990,
      max: 439_900,
      // The histogram's keys are euro cents; the buckets' bounds are their lev bounds, the labels euro.
      buckets: [
        { from: 0, to: levBoundOfEuro(50_000), count: 1, label: '0 - 500\u00a0€' },
        { from: 97_791, to: 195_583, count: 1, label: priceBucketLabel(50_000, 100_000) },
        {
          from: levBoundOfEuro(200_000),
          to: levBoundOfEuro(250_000),
          count: 1,
          label: priceBucketLabel(200_000, 250_000),
        },
      ],
    });
  });

  it('keeps scores for text and strips derived fields from the sources', () => {
    const response = {
      hits: { total: 1, hits: [{ ...hit(AIR, 7.5), _source: toEsDocument(AIR, NOW) }] },
    } as unknown as estypes.SearchResponse<EsProductDocument>;
    const result = parseSearchResponse(response, CASES.fuzzyLatin);
    expect(result.items).toEqual([AIR]);
    expect(result.scores).toEqual([7.5]);
    expect(result.aggregations).toBeNull();
  });
});

describe('Elasticsearch documents', () => {
  it('carry the search price, its expiry, the filter values with enabled children, and the group prices', () => {
    expect(toEsDocument(SALE, NOW).search).toEqual({
      final_price: 179_900,
      name_head: nameHead(SALE.name),
      // Issue 29: the kinds its category names ("MacBook Air": a MacBook; "Air" tells models apart).
      kind: ['macbook'],
      price_valid_until: Date.parse('2026-03-31T21:00:00Z'),
      attributes: { cvyat: ['silver'], ram: ['16gb'] },
      group_price: {},
    });
    expect(toEsDocument(IPHONE_PRO, NOW).search).toMatchObject({
      final_price: 239_900,
      attributes: { cvyat: ['orange', 'blue'] },
    });
    const charger = CATALOGUE.find((p) => p.sku === 'MAGSAFE') as CatalogProduct;
    expect(toEsDocument(charger, NOW).search.group_price).toEqual({ 3: 3_000 });
  });

  it('the mapping indexes what the queries read', () => {
    const properties = PRODUCT_INDEX_MAPPINGS.properties ?? {};
    expect(PRODUCT_INDEX_MAPPINGS.dynamic).toBe(false);
    expect(properties.sku).toEqual({ type: 'keyword', normalizer: 'shop_sku' });
    expect(properties.name).toEqual({
      type: 'text',
      analyzer: 'shop_text',
      fields: { latin: { type: 'text', analyzer: 'shop_latin' } },
    });
    for (const field of ['id', 'status', 'visibility', 'is_old', 'category_ids', 'category', 'stock', 'search']) {
      expect(properties).toHaveProperty(field);
    }
  });
});

interface Call {
  readonly method: string;
  readonly path: string;
  readonly querystring: string;
  readonly body: unknown;
}

type Reply = { status?: number; body?: unknown } | undefined;

/** A client whose connection records each request and answers with `reply` (or a plain 200 `{}`). */
const fakeCluster = (reply: (call: Call) => Reply) => {
  const calls: Call[] = [];
  class FakeConnection extends BaseConnection {
    override request(
      params: ConnectionRequestParams,
      options: ConnectionRequestOptions,
    ): Promise<ConnectionRequestResponse>;
    override request(
      params: ConnectionRequestParams,
      options: ConnectionRequestOptionsAsStream,
    ): Promise<ConnectionRequestResponseAsStream>;
    override async request(
      params: ConnectionRequestParams,
    ): Promise<ConnectionRequestResponse | ConnectionRequestResponseAsStream> {
      const raw = params.body === undefined || params.body === null ? '' : String(params.body);
      const body =
        raw === '' ? null : raw.includes('\n') && params.path.endsWith('_bulk') ? ndjson(raw) : JSON.parse(raw);
      const call = { method: params.method, path: params.path, querystring: params.querystring ?? '', body };
      calls.push(call);
      const answer = reply(call) ?? {};
      return {
        statusCode: answer.status ?? 200,
        headers: { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' },
        body: params.method === 'HEAD' ? '' : JSON.stringify(answer.body ?? {}),
      };
    }
  }
  const client = new Client({ node: 'http://cluster.invalid:9200', Connection: FakeConnection });
  return { client, calls };
};

const ndjson = (raw: string): unknown[] =>
  raw
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

/** A `_bulk` answer: every operation succeeded, except deletes of ids in `missing`. */
const bulkReply = (call: Call, missing: readonly string[] = []): Reply => {
  const lines = call.body as Array<Record<string, { _id: string }>>;
  const items = lines
    .filter((line) => 'index' in line || 'delete' in line)
    .map((line) => {
      const [operation, meta] = Object.entries(line)[0] as [string, { _id: string }];
      const status = operation === 'delete' && missing.includes(meta._id) ? 404 : 201;
      return { [operation]: { _id: meta._id, status } };
    });
  return { body: { took: 1, errors: items.some((i) => Object.values(i)[0]?.status !== 201), items } };
};

describe('Elasticsearch engine through the official client', () => {
  it('replaceAll: a fresh index, bulk indexing, refresh, then one atomic alias swap and the old index removed', async () => {
    const { client, calls } = fakeCluster((call) => {
      if (call.path === '/_bulk') return bulkReply(call);
      if (call.method === 'GET' && call.path === '/_alias/catalog-products') {
        return { body: { 'catalog-products-1': { aliases: { 'catalog-products': {} } } } };
      }
      return undefined;
    });
    const engine = createElasticsearchSearchEngine({ client, categories: CATEGORIES, now: () => NOW });
    await engine.replaceAll([AIR, SALE]);
    const index = `catalog-products-${NOW.getTime()}-0`;
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /_index_template/catalog-products',
      `PUT /${index}`,
      'POST /_bulk',
      `GET /${index}/_refresh`,
      'GET /_alias/catalog-products',
      'POST /_aliases',
      'DELETE /catalog-products-1',
    ]);
    // The mapping is the template's (issue 31): the index is created bare and matches its pattern.
    expect(calls[0]?.body).toMatchObject({
      index_patterns: ['catalog-products-*'],
      template: { mappings: PRODUCT_INDEX_MAPPINGS },
    });
    expect(calls[1]?.body).toBeNull();
    calls.shift();
    expect(calls[1]?.body).toEqual([
      { index: { _index: index, _id: AIR.sku } },
      JSON.parse(JSON.stringify(toEsDocument(AIR, NOW))),
      { index: { _index: index, _id: SALE.sku } },
      JSON.parse(JSON.stringify(toEsDocument(SALE, NOW))),
    ]);
    expect(calls[4]?.body).toEqual({
      actions: [
        { remove: { index: 'catalog-products-1', alias: 'catalog-products' } },
        { add: { index, alias: 'catalog-products', is_write_index: true } },
      ],
    });
  });

  it('a failed document fails replaceAll and leaves the alias alone', async () => {
    const { client, calls } = fakeCluster((call) => {
      if (call.path !== '/_bulk') return undefined;
      return {
        body: {
          errors: true,
          items: [{ index: { _id: AIR.sku, status: 400, error: { type: 'mapper_parsing_exception' } } }],
        },
      };
    });
    const engine = createElasticsearchSearchEngine({ client, now: () => NOW });
    await expect(engine.replaceAll([AIR])).rejects.toThrow(/indexing: 1 failed .*mapper_parsing_exception/);
    expect(calls.map((c) => c.method + ' ' + c.path)).not.toContain('POST /_aliases');
    expect(calls.at(-1)?.method).toBe('DELETE');
  });

  it('search sends the built request with the server timeout and reads the answer', async () => {
    const { client, calls } = fakeCluster((call) => {
      if (call.path === '/_bulk') return bulkReply(call);
      if (call.method === 'HEAD') return { status: 404 };
      if (call.path === '/catalog-products/_search') {
        return { body: { hits: { total: { value: 1, relation: 'eq' }, hits: [{ _id: CASE.sku, _source: CASE }] } } };
      }
      return undefined;
    });
    const engine = createElasticsearchSearchEngine({ client, categories: CATEGORIES, now: () => NOW });
    await engine.replaceAll(CATALOGUE);
    calls.length = 0;
    const result = await engine.search(CASES.filtered);
    expect(result).toMatchObject({ items: [CASE], total: 1, start: 0, perPage: 50 });
    expect(calls).toHaveLength(1);
    const { index: _index, ...body } = build(CASES.filtered);
    expect(calls[0]?.body).toEqual(JSON.parse(JSON.stringify(body)));

    calls.length = 0;
    expect(await engine.search(CASES.tooShort)).toMatchObject({ total: 0, reason: 'term-too-short' });
    expect(calls).toHaveLength(0);
  });

  it('once a special price window has passed, the products concerned are re-indexed before the search', async () => {
    let now = NOW;
    const { client, calls } = fakeCluster((call) => {
      if (call.path === '/_bulk') return bulkReply(call);
      if (call.method === 'HEAD') return { status: 200 };
      if (call.method === 'GET' && call.path === '/_alias/catalog-products')
        return { body: { 'catalog-products-0': {} } };
      const body = call.body as estypes.SearchRequest | null;
      if (call.path === '/catalog-products/_search' && body?.query?.range) {
        return { body: { hits: { total: 1, hits: [{ _id: SALE.sku, _source: SALE }] } } };
      }
      if (call.path === '/catalog-products/_search' && body?.aggs?.next) {
        return { body: { hits: { total: 0, hits: [] }, aggregations: { next: { value: null } } } };
      }
      return { body: { hits: { total: 0, hits: [] } } };
    });
    const engine = createElasticsearchSearchEngine({ client, categories: CATEGORIES, now: () => now });
    await engine.replaceAll([AIR, SALE]);
    calls.length = 0;
    await engine.search(CASES.priceAsc);
    expect(calls).toHaveLength(1);

    now = new Date('2026-04-01T00:00:00Z');
    calls.length = 0;
    await engine.search(CASES.priceAsc);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /catalog-products/_search',
      'POST /_bulk',
      'GET /catalog-products/_refresh',
      'POST /catalog-products/_search',
      'POST /catalog-products/_search',
    ]);
    expect((calls[1]?.body as unknown[])[1]).toMatchObject({ sku: SALE.sku, search: { final_price: 219_900 } });
    expect((calls[1]?.body as Array<{ search?: object }>)[1]?.search).not.toHaveProperty('price_valid_until');

    calls.length = 0;
    await engine.search(CASES.priceAsc);
    expect(calls).toHaveLength(1);
  });

  it('upsert and remove write through the alias; a missing sku on remove is no error; getBySku reads one document', async () => {
    const { client, calls } = fakeCluster((call) => {
      if (call.path === '/_bulk') return bulkReply(call, ['GONE']);
      if (call.method === 'HEAD') return { status: 200 };
      if (call.path === `/catalog-products/_doc/${PRO.sku}`) {
        return { body: { _index: 'catalog-products-0', _id: PRO.sku, found: true, _source: PRO } };
      }
      if (call.path.startsWith('/catalog-products/_doc/')) return { status: 404, body: { found: false } };
      return undefined;
    });
    const engine = createElasticsearchSearchEngine({ client, now: () => NOW, refresh: true });
    await engine.upsert([PRO]);
    await engine.remove([AIR.sku, 'GONE']);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'HEAD /_alias/catalog-products',
      'POST /_bulk',
      'GET /catalog-products/_refresh',
      'POST /_bulk',
      'GET /catalog-products/_refresh',
    ]);
    expect(calls[1]?.body).toEqual([
      { index: { _index: 'catalog-products', _id: PRO.sku } },
      JSON.parse(JSON.stringify(toEsDocument(PRO, NOW))),
    ]);
    expect(calls[3]?.body).toEqual([
      { delete: { _index: 'catalog-products', _id: AIR.sku } },
      { delete: { _index: 'catalog-products', _id: 'GONE' } },
    ]);

    calls.length = 0;
    expect(await engine.getBySku(PRO.sku)).toEqual(PRO);
    expect(await engine.getBySku('NOPE')).toBeUndefined();
    expect(calls[0]).toMatchObject({ method: 'GET', querystring: '_source_excludes=search' });
  });

  it('writes before any replaceAll create the index and alias first, never an auto-mapped index', async () => {
    const { client, calls } = fakeCluster((call) => {
      if (call.path === '/_bulk') return bulkReply(call);
      if (call.method === 'HEAD') return { status: 404 };
      return undefined;
    });
    const engine = createElasticsearchSearchEngine({ client, now: () => NOW });
    await engine.upsert([AIR]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'HEAD /_alias/catalog-products',
      'PUT /_index_template/catalog-products',
      `PUT /catalog-products-${NOW.getTime()}-0`,
      'POST /_aliases',
      'POST /_bulk',
    ]);
  });
});
