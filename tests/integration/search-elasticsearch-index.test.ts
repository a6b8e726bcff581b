import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import { readSearchIndexRecord } from '../../sync-server/catalog/search-index-record.ts';
import { SearchIndexer } from '../../sync-server/catalog/search-indexer.ts';
import { claimRebuildLease } from '../../sync-server/catalog/search-rebuild-lease.ts';
import type { Database } from '../../sync-server/store/database.ts';
import {
  createElasticsearchClient,
  createElasticsearchSearchEngine,
  type ElasticsearchSearchEngine,
} from '../../sync-server/search/elasticsearch-engine.ts';
import { runOps } from '../../tools/ops/dispatch.ts';
import {
  actionLines,
  loadRecording,
  startElasticsearchReplay,
  type ElasticsearchReplay,
  type ReceivedRequest,
} from '../support/elasticsearch-replay.ts';
import { openTestDatabase, storeKind } from '../support/test-server.ts';
import { emptySnapshot, testProduct } from './catalog-fixtures.ts';

/**
 * Issue 31: the Elasticsearch catalogue is built once for every instance. No Elasticsearch cluster runs where
 * these tests run, so the answers are recorded: the engine's real client (@elastic/elasticsearch with its HTTP
 * transport and product check) talks to a local HTTP server replaying what an Elasticsearch 9 node answered
 * (tests/fixtures/elasticsearch/catalogue-index.json, with its `x-elastic-product: Elasticsearch` header). The
 * store is real (PGlite, or PostgreSQL with DATABASE_URL).
 */

const RECORDING = loadRecording(new URL('../fixtures/elasticsearch/catalogue-index.json', import.meta.url));
const conversation = (name: string) => {
  const found = RECORDING.conversations[name];
  if (!found) throw new Error(`no conversation ${name} in the recording`);
  return found;
};
/** The clock of the first start: it names the first index. */
const FIRST_START = new Date('2026-12-07T12:00:00Z');
const FIRST_INDEX = `catalog-products-${FIRST_START.getTime()}-0`;
const SKUS = ['ES-1', 'ES-2', 'ES-3'];
const PRODUCTS = SKUS.map((sku, i) => testProduct({ id: 9_100 + i, sku }));

const calls = (received: readonly ReceivedRequest[]) => received.map((r) => `${r.method} ${r.path}`);
const bulkRequests = (received: readonly ReceivedRequest[]) => received.filter((r) => r.path === '/_bulk');
const idsOf = (request: ReceivedRequest | undefined) =>
  actionLines(request?.body as unknown[]).map((line) => (Object.values(line)[0] as { _id: string })._id);

describe(`the Elasticsearch catalogue index, against recorded answers (${storeKind})`, () => {
  let db: Database;
  let replay: ElasticsearchReplay;
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  const engineAt = (now: Date): ElasticsearchSearchEngine =>
    createElasticsearchSearchEngine({
      client: createElasticsearchClient(replay.url),
      now: () => now,
      logger,
      // The backoff's waits are computed and logged; the test does not sit through them.
      sleep: async () => undefined,
    });
  const latestSeq = async (): Promise<number> =>
    (await db.query<{ seq: number }>('SELECT max(server_seq)::int AS seq FROM catalog_products'))[0]?.seq ?? 0;

  beforeAll(async () => {
    db = await openTestDatabase();
    await writeCatalog(db, { ...emptySnapshot(), products: PRODUCTS });
    replay = await startElasticsearchReplay(RECORDING);
  });
  afterAll(async () => {
    await replay.close();
    await db.close();
  });

  it('two instances starting at once on an empty cluster: one builds, the other waits and keeps what it built', async () => {
    replay.play(conversation('two-starting-at-once'), 'in any order');
    const starting = ['instance-a', 'instance-b'].map(
      (holder) => new SearchIndexer(db, engineAt(FIRST_START), { holder, pollMs: 10 }),
    );
    await Promise.all(starting.map((instance) => instance.start()));
    await Promise.all(starting.map((instance) => instance.stop()));

    expect(replay.unexpected).toEqual([]);
    expect(replay.remaining()).toBe(0);
    expect(bulkRequests(replay.received)).toHaveLength(1);
    expect(replay.received.filter((r) => r.path === '/_aliases')).toHaveLength(1);
    expect(await readSearchIndexRecord(db, 'catalog-products')).toMatchObject({ index: FIRST_INDEX });
    // As if this had not happened: the next test starts on an empty cluster again.
    await db.query(`DELETE FROM catalog_settings WHERE key LIKE 'search_%'`);
  });

  it('a first start puts the index template, builds catalog-products-<time> and points the alias at it', async () => {
    replay.play(conversation('first-start'));
    const first = new SearchIndexer(db, engineAt(FIRST_START), { holder: 'instance-1', logger });
    await first.start();
    await first.stop();

    expect(replay.unexpected).toEqual([]);
    expect(replay.remaining()).toBe(0);
    expect(calls(replay.received)).toEqual([
      'PUT /_index_template/catalog-products',
      `PUT /${FIRST_INDEX}`,
      'POST /_bulk',
      `GET /${FIRST_INDEX}/_refresh`,
      'GET /_alias/catalog-products',
      'POST /_aliases',
    ]);
    // The mapping and settings are the template's; the index is created without any.
    expect(replay.received[0]?.body).toMatchObject({
      index_patterns: ['catalog-products-*'],
      template: { mappings: { properties: { sku: { type: 'keyword' } } } },
    });
    expect(replay.received[1]?.body).toBeNull();
    expect(idsOf(replay.received[2])).toEqual(SKUS);
    expect(replay.received[5]?.body).toEqual({
      actions: [{ add: { index: FIRST_INDEX, alias: 'catalog-products', is_write_index: true } }],
    });
    expect(await readSearchIndexRecord(db, 'catalog-products')).toMatchObject({
      index: FIRST_INDEX,
      seq: await latestSeq(),
    });
  });

  it('a second instance starting keeps the recorded index: no bulk request, no index made', async () => {
    replay.play(conversation('second-start'));
    const second = new SearchIndexer(db, engineAt(new Date('2026-12-07T12:05:00Z')), { holder: 'instance-2', logger });
    await second.start();
    await second.stop();

    expect(replay.unexpected).toEqual([]);
    expect(replay.remaining()).toBe(0);
    expect(bulkRequests(replay.received)).toEqual([]);
    expect(calls(replay.received)).toEqual(['PUT /_index_template/catalog-products', 'GET /_alias/catalog-products']);
  });

  it('a catalogue change after the start is written through the alias and moves the recorded version', async () => {
    replay.play(conversation('second-start'));
    const instance = new SearchIndexer(db, engineAt(new Date('2026-12-07T12:10:00Z')), { holder: 'instance-3' });
    await instance.start();
    replay.play(conversation('incremental-change'));
    await writeCatalog(db, { ...emptySnapshot(), products: [{ ...PRODUCTS[1]!, name: 'Тестов продукт, по-нов' }] });
    await instance.catchUp();
    await instance.stop();

    expect(replay.unexpected).toEqual([]);
    expect(replay.remaining()).toBe(0);
    const [change] = bulkRequests(replay.received);
    expect(actionLines(change?.body as unknown[])).toEqual([{ index: { _index: 'catalog-products', _id: 'ES-2' } }]);
    expect((change?.body as Array<{ name?: string }>)[1]?.name).toBe('Тестов продукт, по-нов');
    expect(await readSearchIndexRecord(db, 'catalog-products')).toMatchObject({
      index: FIRST_INDEX,
      seq: await latestSeq(),
    });
  });

  it('an instance starting while another builds waits for that build and keeps it, building nothing', async () => {
    const built = await readSearchIndexRecord(db, 'catalog-products');
    // The moment of a first start on another instance: its lease held, no record yet.
    await db.query(`DELETE FROM catalog_settings WHERE key = 'search_index:catalog-products'`);
    const other = await claimRebuildLease(db, 'catalog-products', 'instance-elsewhere');
    expect(other).toBeDefined();
    replay.play(conversation('waiting-for-another-builder'));
    let waits = 0;
    const waiting = new SearchIndexer(db, engineAt(new Date('2026-12-07T12:15:00Z')), {
      holder: 'instance-4',
      logger,
      // While this instance waits, the other one finishes: its record written, its lease given back.
      sleep: async () => {
        waits++;
        await db.query(
          `INSERT INTO catalog_settings (key, value) VALUES ('search_index:catalog-products', $1::jsonb)`,
          [JSON.stringify(built)],
        );
        await other?.release();
      },
    });
    await waiting.start();
    await waiting.stop();

    expect(waits).toBe(1);
    expect(replay.unexpected).toEqual([]);
    expect(replay.remaining()).toBe(0);
    expect(bulkRequests(replay.received)).toEqual([]);
    expect(logLines.some((line) => line.includes('another process is building the search index'))).toBe(true);
  });

  it('`npm run ops -- search-rebuild` builds a fresh index, swaps the alias with one _aliases call, deletes the old', async () => {
    replay.play(conversation('ops-rebuild'));
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(['search-rebuild'], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      database: async () => db,
      env: { ...process.env, SEARCH_ENGINE: 'elasticsearch', ES_URL: replay.url },
    }).catch((error: unknown) => {
      throw new Error(`${String(error)}; unexpected: ${replay.unexpected.join('\n')}`);
    });

    expect(replay.unexpected).toEqual([]);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(replay.remaining()).toBe(0);
    const created = replay.received[1]?.path.slice(1) ?? '';
    expect(created).toMatch(/^catalog-products-\d+-0$/);
    expect(created).not.toBe(FIRST_INDEX);
    // In catalogue order (server_seq): ES-2 changed last.
    expect(idsOf(bulkRequests(replay.received)[0])).toEqual(['ES-1', 'ES-3', 'ES-2']);
    const swaps = replay.received.filter((r) => r.path === '/_aliases');
    expect(swaps).toHaveLength(1);
    expect(swaps[0]?.body).toEqual({
      actions: [
        { remove: { index: FIRST_INDEX, alias: 'catalog-products' } },
        { add: { index: created, alias: 'catalog-products', is_write_index: true } },
      ],
    });
    expect(calls(replay.received).at(-1)).toBe(`DELETE /${FIRST_INDEX}`);
    expect(out).toEqual([
      `catalog-products -> ${created}: 3 products, catalogue version ${await latestSeq()}; deleted ${FIRST_INDEX}`,
    ]);
    expect(await readSearchIndexRecord(db, 'catalog-products')).toMatchObject({ index: created });
  });

  describe('bulk requests retried with backoff', () => {
    const upsertAll = async (name: string) => {
      replay.play(conversation(name));
      logLines.length = 0;
      const engine = engineAt(FIRST_START);
      return engine.upsert(PRODUCTS);
    };
    const warnings = () =>
      logLines.map(
        (line) =>
          JSON.parse(line) as { level: number; msg: string; attempt?: number; status?: unknown; statuses?: unknown },
      );

    it('a bulk answered 429 is sent again after a backoff and succeeds', async () => {
      await upsertAll('bulk-429-then-200');
      expect(replay.unexpected).toEqual([]);
      expect(replay.remaining()).toBe(0);
      const [rejected, accepted] = bulkRequests(replay.received);
      expect(idsOf(rejected)).toEqual(SKUS);
      expect(idsOf(accepted)).toEqual(SKUS);
      expect(warnings()).toEqual([
        expect.objectContaining({ level: 40, status: 429, msg: 'Elasticsearch bulk request failed: sending it again' }),
      ]);
    });

    it('a bulk answered 503 (a primary shard not active) is sent again and succeeds', async () => {
      replay.play(conversation('bulk-503-then-200'));
      await engineAt(FIRST_START).upsert([PRODUCTS[0]!]);
      expect(replay.unexpected).toEqual([]);
      expect(replay.remaining()).toBe(0);
      expect(bulkRequests(replay.received)).toHaveLength(2);
    });

    it('of a bulk answer with a rejected item, only that item is sent again', async () => {
      await upsertAll('bulk-item-429');
      expect(replay.unexpected).toEqual([]);
      expect(replay.remaining()).toBe(0);
      const [first, again] = bulkRequests(replay.received);
      expect(idsOf(first)).toEqual(SKUS);
      expect(idsOf(again)).toEqual(['ES-2']);
      expect(warnings()).toEqual([
        expect.objectContaining({ statuses: [429], msg: 'Elasticsearch refused some bulk items: sending those again' }),
      ]);
    });

    it('a cluster not reached: the bulk is tried a bounded number of times, each retry logged, then it fails', async () => {
      // A port nothing listens on: every connection is refused.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      logLines.length = 0;
      const engine = createElasticsearchSearchEngine({
        client: createElasticsearchClient(`http://127.0.0.1:${port}`),
        now: () => FIRST_START,
        logger,
        retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 },
        sleep: async () => undefined,
      });
      await expect(engine.indices.fill(FIRST_INDEX, PRODUCTS)).rejects.toThrow(/ECONNREFUSED|connect/i);
      expect(warnings()).toEqual([
        expect.objectContaining({ attempt: 1, status: 'ConnectionError' }),
        expect.objectContaining({ attempt: 2, status: 'ConnectionError' }),
      ]);
    });

    it('an item refused for itself (a document the mapping rejects) is not retried: the write fails naming it', async () => {
      await expect(upsertAll('bulk-item-400')).rejects.toThrow(
        /indexing: 1 failed \(ES-3: 400 .*document_parsing_exception/,
      );
      expect(replay.unexpected).toEqual([]);
      expect(bulkRequests(replay.received)).toHaveLength(1);
    });
  });
});
