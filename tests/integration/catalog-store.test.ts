import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeCatalog, type CatalogProgress } from '../../sync-server/catalog/catalog-writer.ts';
import { demoCatalog } from '../../sync-server/catalog/demo-catalog.ts';
import { ROWS_BY_SKU_SQL } from '../../sync-server/catalog/product-repository.ts';
import { seedCatalog } from '../../sync-server/catalog/seed-catalog.ts';
import { readCatalogDir } from '../../sync-server/catalog/snapshot-files.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { generateCatalog } from '../../tools/catalog/generate-catalog.ts';
import { writeCatalogDir } from '../../sync-server/catalog/snapshot-files.ts';
import { openTestDatabase, storeKind } from '../support/test-server.ts';
import { emptySnapshot, testProduct } from './catalog-fixtures.ts';

const CATALOGUE_TABLES =
  'catalog_products, catalog_skus, categories, attributes, cms_pages, cms_blocks, banners, blog_posts, reviews, tax_rules, stock_items';

describe(`writing and reading the catalogue (${storeKind})`, () => {
  let db: Database;
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalog-'));
    dirs.push(dir);
    return dir;
  };
  const products = async () =>
    db.query<{ sku: string; server_seq: number; name: string }>(
      'SELECT sku, server_seq, name FROM catalog_products ORDER BY sku',
    );

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  beforeEach(async () => {
    await db.exec(`TRUNCATE ${CATALOGUE_TABLES}`);
  });
  afterAll(async () => {
    await db.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('writeCatalog upserts in batches, reports progress per batch, and leaves rows outside the snapshot alone', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => testProduct({ id: i + 1, sku: `P${i + 1}` }));
    const progress: CatalogProgress[] = [];
    const summary = await writeCatalog(db, { ...emptySnapshot(), products: seven }, (p) => progress.push(p), 3);
    expect(progress.filter((p) => p.kind === 'products')).toEqual([
      { kind: 'products', done: 3, total: 7, changed: 3 },
      { kind: 'products', done: 6, total: 7, changed: 3 },
      { kind: 'products', done: 7, total: 7, changed: 1 },
    ]);
    expect(summary.products).toEqual({ total: 7, changed: 7 });
    const first = await products();
    expect(first.map((r) => r.sku)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7']);
    // One transaction per batch, each with consecutive sequences.
    expect(new Set(first.map((r) => r.server_seq)).size).toBe(7);

    // A partial import: one changed, one new; P1..P7 not mentioned stay as they were.
    const changed = testProduct({ id: 2, sku: 'P2', name: 'Преименуван' });
    const added = testProduct({ id: 8, sku: 'P8' });
    const again = await writeCatalog(db, { ...emptySnapshot(), products: [changed, added, seven[2]!] });
    expect(again.products).toEqual({ total: 3, changed: 2 });
    const second = new Map((await products()).map((r) => [r.sku, r]));
    expect(second.size).toBe(8);
    expect(second.get('P2')?.name).toBe('Преименуван');
    const before = new Map(first.map((r) => [r.sku, r.server_seq]));
    expect(second.get('P2')!.server_seq).toBeGreaterThan(before.get('P7')!);
    // Unchanged rows keep their sequence, so clients are sent nothing for them.
    for (const sku of ['P1', 'P3', 'P4', 'P5', 'P6', 'P7']) expect(second.get(sku)!.server_seq).toBe(before.get(sku));
  });

  it('writeCatalog indexes configurable children skus and re-points them when a product changes', async () => {
    const parent = (children: string[]) =>
      testProduct({
        id: 1,
        sku: 'PARENT',
        type_id: 'configurable',
        configurable_children: children.map((sku, i) => ({
          id: 10 + i,
          sku,
          name: sku,
          image: '',
          status: 1,
          stock: { is_in_stock: true, qty: 1 },
          attributes: {},
          price: 1000,
        })),
      });
    await writeCatalog(db, { ...emptySnapshot(), products: [parent(['C1', 'C2'])] });
    const skus = () =>
      db.query<{ sku: string }>("SELECT sku FROM catalog_skus WHERE product_sku = 'PARENT' ORDER BY sku");
    expect((await skus()).map((r) => r.sku)).toEqual(['C1', 'C2', 'PARENT']);
    await writeCatalog(db, { ...emptySnapshot(), products: [parent(['C2', 'C3'])] });
    expect((await skus()).map((r) => r.sku)).toEqual(['C2', 'C3', 'PARENT']);
  });

  it('readCatalogDir reports a bad line with its file and number, and loads the rest', async () => {
    const dir = tempDir();
    const good = (id: number) => JSON.stringify(testProduct({ id, sku: `F${id}` }));
    const negative = JSON.stringify({ ...testProduct({ id: 3, sku: 'F3' }), price: -5 });
    writeFileSync(
      path.join(dir, 'products.ndjson'),
      ['\uFEFF' + good(1), '{not json', negative, '', good(4)].join('\n'),
    );
    writeFileSync(path.join(dir, 'taxRules.ndjson'), JSON.stringify(demoCatalog().taxRules[0]) + '\n');
    const { snapshot, problems } = await readCatalogDir(dir);
    expect(snapshot.products.map((p) => p.sku)).toEqual(['F1', 'F4']);
    expect(snapshot.taxRules).toHaveLength(1);
    expect(snapshot.blogPosts).toEqual([]);
    expect(problems).toEqual([
      { file: 'products.ndjson', line: 2, field: '', message: expect.stringContaining('not JSON') },
      { file: 'products.ndjson', line: 3, field: 'price', message: expect.stringContaining('price') },
    ]);
    await expect(readCatalogDir(path.join(dir, 'missing'))).rejects.toThrow(/not found/);
  });

  it('a catalogue written by the generator reads back without a bad line and loads whole', async () => {
    const dir = tempDir();
    const generated = generateCatalog({ products: 60, seed: 7, now: new Date('2025-11-20T10:00:00Z') });
    writeCatalogDir(generated, dir);
    const { snapshot, problems } = await readCatalogDir(dir);
    expect(problems).toEqual([]);
    expect(snapshot.products.length).toBe(generated.products.length);
    const summary = await writeCatalog(db, snapshot);
    for (const kind of Object.keys(summary) as (keyof typeof summary)[]) {
      expect({ kind, written: summary[kind].changed }).toEqual({ kind, written: generated[kind].length });
    }
  });

  it('seeding: demo writes the demo catalogue; generated loads the folder (demo when it is missing); never over products', async () => {
    const logs: string[] = [];
    const log = (line: string) => logs.push(line);
    expect(await seedCatalog(db, 'none', '/nonexistent', log)).toBe('none');
    expect(await products()).toEqual([]);

    expect(await seedCatalog(db, 'demo', '/nonexistent', log)).toBe('demo');
    expect((await products()).map((r) => r.sku)).toContain('APP3');
    expect(await seedCatalog(db, 'generated', '/nonexistent', log)).toBe('not-empty');

    await db.exec(`TRUNCATE ${CATALOGUE_TABLES}`);
    const dir = tempDir();
    const snapshot = demoCatalog();
    for (const kind of ['products', 'categories'] as const) {
      writeFileSync(path.join(dir, `${kind}.ndjson`), snapshot[kind].map((e) => JSON.stringify(e)).join('\n'));
    }
    writeFileSync(path.join(dir, 'cmsPages.ndjson'), '{"id": "one"}\n');
    expect(await seedCatalog(db, 'generated', dir, log)).toBe('generated');
    expect((await products()).length).toBe(snapshot.products.length);
    expect(logs).toContain(`[catalog] products: ${snapshot.products.length}`);
    expect(logs.some((l) => l.startsWith('[catalog] skipped cmsPages.ndjson:1: id'))).toBe(true);

    await db.exec(`TRUNCATE ${CATALOGUE_TABLES}`);
    expect(await seedCatalog(db, 'generated', path.join(dir, 'missing'), log)).toBe('demo');
    expect(logs.some((l) => l.includes('seeding the demo catalogue'))).toBe(true);
  });

  it('after a catalogue is written, a push finds its products by their keys, never by reading the whole stock', async () => {
    await writeCatalog(db, generateCatalog({ products: 1500, seed: 11, now: new Date('2025-11-20T10:00:00Z') }));
    const [{ sku } = { sku: '' }] = await db.query<{ sku: string }>(
      'SELECT sku FROM catalog_skus WHERE sku <> product_sku ORDER BY sku LIMIT 1',
    );
    // The cart's product lookup as a push runs it: a prepared statement, planned once for any skus (PGlite's mode).
    const plan = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await tx.query(`PREPARE rows_by_sku(text[]) AS ${ROWS_BY_SKU_SQL}`);
      try {
        const rows = await tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE rows_by_sku('{${sku}}')`,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await tx.query('DEALLOCATE rows_by_sku');
      }
    });
    // A sequential scan of stock_items or catalog_products would read all 2,000-odd rows in every push.
    const fullReads = plan
      .split('\n')
      .filter((line) => /Seq Scan on (stock_items|catalog_products)\b/.test(line) && !line.includes('never executed'));
    expect(fullReads).toEqual([]);
  });
});
