import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxDatabase,
  type RxJsonSchema,
  type RxStorage,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import type { Cart, CommandDocument, Product } from '../../schema/index.ts';
import { rxdbSchemas } from '../../schema/rxdb/collections.ts';
import type { CatalogEntry } from '../../schema/catalog/catalog-entry.ts';
import { yieldToMain } from '../lib/main-thread.ts';

addRxPlugin(RxDBLocalDocumentsPlugin);
addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);

const schema = <T>(json: Record<string, unknown>): RxJsonSchema<T> => json as unknown as RxJsonSchema<T>;

/**
 * The collections only the server writes: read models and the catalogue, replicated by pull and the
 * live stream (see replication.ts). A new one is one line here (its RxDB schema in schema/rxdb).
 */
const pullOnlySchemas = () => ({
  /** The server's answers to the owner's commands (from every device of the owner). */
  outcomes: schema<CommandDocument>(rxdbSchemas().outcomes),
  carts: schema<Cart>(rxdbSchemas().carts),
  products: schema<Product>(rxdbSchemas().products),
  /** The public catalogue, one entry per entity (schema/catalog/catalog-entry.ts), for offline browsing. */
  catalog: schema<CatalogEntry>(rxdbSchemas().catalog),
});
type PullOnlySchemas = ReturnType<typeof pullOnlySchemas>;
type PullOnlyName = keyof PullOnlySchemas;

/**
 * Schema versions of the pull-only collections (schema/rxdb/collections.ts). Each step only added optional fields
 * (carts 1: line `labels`; products 1: `options`; products 2: `tierPricesInclTax`), so a stored document is valid
 * as it is: kept, not re-pulled. A kept product lacks its tier prices until the server next sends it: meanwhile a
 * customer group's pending line shows the normal price, and the server's answer (priced with tiers) replaces it.
 */
const keep = (doc: unknown) => doc;
const migrationStrategies: Partial<Record<PullOnlyName, Record<number, typeof keep>>> = {
  carts: { 1: keep },
  products: { 1: keep, 2: keep },
};
/** Each pull-only collection once: a Record, so the compiler names one left out. */
const pullOnlyNames: Record<PullOnlyName, true> = { outcomes: true, carts: true, products: true, catalog: true };
export const PULL_ONLY_COLLECTIONS = Object.keys(pullOnlyNames) as PullOnlyName[];

export type StoreCollections = {
  /** What this device asked for: written by dispatch, pushed, removed once its outcome is here. */
  commands: RxCollection<CommandDocument>;
} & {
  [Name in PullOnlyName]: RxCollection<PullOnlySchemas[Name] extends RxJsonSchema<infer Doc> ? Doc : never>;
};
export type StoreDatabase = RxDatabase<StoreCollections>;

export interface DatabaseOptions {
  name: string;
  storage: RxStorage<unknown, unknown>;
  /** Several tabs of one profile share the database (default in browsers). */
  multiInstance?: boolean;
}

/** One database per browser profile; every tab opens the same one. */
export const createStoreDatabase = async ({
  name,
  storage,
  multiInstance = true,
}: DatabaseOptions): Promise<StoreDatabase> => {
  const db = await createRxDatabase<StoreCollections>({
    name,
    storage,
    multiInstance,
    eventReduce: true,
    localDocuments: true,
    closeDuplicates: true,
  });
  // The schemas are derived in a task of their own (after the store's code was evaluated in another), and the
  // collections are made in a third: together they were one long task on a slow phone.
  await yieldToMain();
  const pullOnly = pullOnlySchemas();
  await yieldToMain();
  await db.addCollections({
    commands: { schema: schema<CommandDocument>(rxdbSchemas().commands) },
    ...Object.fromEntries(
      PULL_ONLY_COLLECTIONS.map((name) => [
        name,
        {
          schema: pullOnly[name],
          ...(migrationStrategies[name] ? { migrationStrategies: migrationStrategies[name] } : {}),
        },
      ]),
    ),
  });
  return db;
};
