import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import {
  catalogEntryDocSchemas,
  catalogEntryKey,
  catalogEntrySchema,
  type CatalogEntry,
  type CatalogEntryKind,
} from '../../schema/catalog/catalog-entry.ts';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Category } from '../../schema/catalog/category.ts';
import { applyTaxRules } from '../../schema/catalog/rules/apply-tax-rules.ts';
import type { CatalogSnapshot } from '../../schema/catalog/snapshot.ts';
import type { TaxRule } from '../../schema/catalog/tax-rule.ts';
import { rxdbSchemas } from '../../schema/rxdb/collections.ts';
import { zodToRxdbSchema, type JsonSchemaObject } from '../../schema/rxdb/zod-to-rxdb.ts';
import { createEmbeddedSearchEngine, type EmbeddedSearchEngine } from '../../schema/search/embedded-engine.ts';
import { phase } from './search-measure.ts';

/**
 * The client's offline catalogue search in Node: the catalogue as entries of one RxDB collection (Dexie over
 * fake-indexeddb, as tests/support/node-client.ts runs the client), then "open from local data": open the
 * database, read every entry, validate the products, categories and tax rules by their kinds' schemas, price the
 * products with VAT and build the same embedded engine the browser uses.
 */

type CatalogCollections = { catalog: RxCollection<CatalogEntry> };

/** The project's collection schema once it exists, else derived from the entry schema the way it will be. */
const catalogSchema = (): RxJsonSchema<CatalogEntry> => {
  const known = (rxdbSchemas() as Record<string, JsonSchemaObject | undefined>).catalog;
  const json = known ?? zodToRxdbSchema(catalogEntrySchema, { version: 0, primaryKey: 'key', indexes: ['kind'] });
  return json as unknown as RxJsonSchema<CatalogEntry>;
};

/** Every public catalogue entity as an entry, in one server_seq order (as the `catalog` pull source sends them). */
export const catalogEntries = (snapshot: CatalogSnapshot): CatalogEntry[] => {
  const entries: CatalogEntry[] = [];
  const add = (kind: CatalogEntryKind, id: string | number, doc: object) =>
    entries.push({
      key: catalogEntryKey(kind, id),
      kind,
      doc: doc as Record<string, unknown>,
      serverSeq: entries.length + 1,
    });
  for (const c of snapshot.categories) add('category', c.id, c);
  for (const a of snapshot.attributes) add('attribute', a.attribute_id, a);
  for (const p of snapshot.cmsPages) add('cmsPage', p.id, p);
  for (const b of snapshot.cmsBlocks) add('cmsBlock', b.id, b);
  for (const b of snapshot.banners) add('banner', b.id, b);
  for (const p of snapshot.blogPosts) add('blogPost', p.id, p);
  for (const r of snapshot.reviews) if (r.review_status === 1) add('review', r.id, r);
  for (const t of snapshot.taxRules) add('taxRule', t.id, t);
  for (const p of snapshot.products) add('product', p.sku, p);
  return entries;
};

export interface OpenTimes {
  /** createRxDatabase + addCollections on the existing data. */
  dbMs: number;
  /** find().exec() of every entry, as plain objects. */
  readMs: number;
  /** Zod validation of products, categories and tax rules, and VAT pricing. */
  parseMs: number;
  /** setCategories + replaceAll. */
  buildMs: number;
  totalMs: number;
  cpuMs: number;
}

export interface OfflineCatalog {
  entries: number;
  /**
   * The same documents read with one IndexedDB getAll on RxDB's store, no RxDB: fake-indexeddb walks a cursor
   * in time that grows with the store, so most of `readMs` is the fake, not RxDB. Undefined if the store is not
   * where RxDB 17's Dexie storage keeps it.
   */
  rawGetAllMs: number | undefined;
  products: number;
  insertMs: number;
  open: OpenTimes;
  engine: EmbeddedSearchEngine;
  close(): Promise<void>;
}

const openDatabase = async (name: string): Promise<RxDatabase<CatalogCollections>> => {
  const db = await createRxDatabase<CatalogCollections>({
    name,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    multiInstance: false,
    eventReduce: true,
  });
  await db.addCollections({ catalog: { schema: catalogSchema() } });
  return db;
};

/** One getAll over the documents store of RxDB's Dexie database for the collection, ms. */
const rawGetAllMs = (databaseName: string): Promise<number | undefined> =>
  new Promise((resolve) => {
    const started = performance.now();
    const request = indexedDB.open(`rxdb-dexie-${databaseName}--0--catalog`);
    request.onerror = () => resolve(undefined);
    request.onsuccess = () => {
      const idb = request.result;
      try {
        const all = idb.transaction('docs', 'readonly').objectStore('docs').getAll();
        all.onerror = () => resolve(undefined);
        all.onsuccess = () => {
          idb.close();
          resolve(Array.isArray(all.result) && all.result.length > 0 ? performance.now() - started : undefined);
        };
      } catch {
        idb.close();
        resolve(undefined);
      }
    };
  });

/** Writes the catalogue as entries, closes the database, then times opening it the way the client starts. */
export const openOfflineCatalog = async (snapshot: CatalogSnapshot, label = 'offline'): Promise<OfflineCatalog> => {
  const name = `bench-search-${process.pid}-${Date.now()}`;
  const entries = catalogEntries(snapshot);
  const insertMs = await phase(`${label}: RxDB bulk insert`, async () => {
    const db = await openDatabase(name);
    try {
      const started = performance.now();
      const { error } = await db.catalog.bulkInsert(entries);
      if (error.length > 0) throw new Error(`bulk insert refused ${error.length} entries: ${error[0]?.status}`);
      return performance.now() - started;
    } finally {
      await db.close();
    }
  });

  const cpu = process.cpuUsage();
  const { db, engine, products, open } = await phase(`${label}: open from local data`, async () => {
    const t0 = performance.now();
    const db = await openDatabase(name);
    const t1 = performance.now();
    const rows = (await db.catalog.find().exec()).map((d) => d.toJSON() as CatalogEntry);
    const t2 = performance.now();
    const categories: Category[] = [];
    const taxRules: TaxRule[] = [];
    const raw: CatalogProduct[] = [];
    for (const row of rows) {
      if (row.kind === 'product') raw.push(catalogEntryDocSchemas.product.parse(row.doc));
      else if (row.kind === 'category') categories.push(catalogEntryDocSchemas.category.parse(row.doc));
      else if (row.kind === 'taxRule') taxRules.push(catalogEntryDocSchemas.taxRule.parse(row.doc));
    }
    const products = raw.map((p) => applyTaxRules(p, taxRules));
    const t3 = performance.now();
    const engine = createEmbeddedSearchEngine({ categories });
    engine.replaceAll(products);
    const t4 = performance.now();
    const open = { dbMs: t1 - t0, readMs: t2 - t1, parseMs: t3 - t2, buildMs: t4 - t3, totalMs: t4 - t0 };
    return { db, engine, products: products.length, open };
  });
  const used = process.cpuUsage(cpu);
  return {
    entries: entries.length,
    rawGetAllMs: await rawGetAllMs(name),
    products,
    insertMs,
    open: { ...open, cpuMs: (used.user + used.system) / 1000 },
    engine,
    close: async () => {
      await db.close();
    },
  };
};
