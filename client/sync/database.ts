import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import type { CommandDocument } from '../../schema/index.ts';
import { rxdbSchemas } from '../../schema/rxdb/collections.ts';
import { clientFeatures, type FeatureCollectionSpecs } from '../features.ts';
import { yieldToMain } from '../lib/main-thread.ts';
import { rxSchema, type CollectionSpec, type DocumentOf } from './feature.ts';

addRxPlugin(RxDBLocalDocumentsPlugin);
addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);

/**
 * The collections only the server writes, replicated by pull and the live stream (see replication.ts): the
 * kernel's `outcomes` (the server's answers to the owner's commands, from every device of the owner) and every
 * registered feature's collections (client/features.ts).
 */
const pullOnlySpecs = (): Record<string, CollectionSpec<unknown>> => ({
  outcomes: { schema: () => rxSchema<CommandDocument>(rxdbSchemas().outcomes), scope: 'owner' },
  ...Object.assign({}, ...clientFeatures.map((feature) => feature.collections)),
});

let specs: Record<string, CollectionSpec<unknown>> | undefined;
/** Each pull-only collection's spec, by name. */
export const pullOnlyCollections = (): Readonly<Record<string, CollectionSpec<unknown>>> => (specs ??= pullOnlySpecs());

export type StoreCollections = {
  /** What this device asked for: written by dispatch, pushed, removed once its outcome is here. */
  commands: RxCollection<CommandDocument>;
  outcomes: RxCollection<CommandDocument>;
} & {
  [Name in keyof FeatureCollectionSpecs]: RxCollection<DocumentOf<FeatureCollectionSpecs[Name]>>;
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
  // RxDB sorts each schema's keys without localeCompare in the build (key-order.ts), so no collation data loads.
  await yieldToMain();
  const db = await createRxDatabase<StoreCollections>({
    name,
    storage,
    multiInstance,
    eventReduce: true,
    localDocuments: true,
    closeDuplicates: true,
  });
  // Each collection's schema is derived in a task of its own (after the store's code was evaluated in another),
  // and each collection is made in another: all of it in one go was a slow phone's 130 ms task.
  await yieldToMain();
  await db.addCollections({ commands: { schema: rxSchema<CommandDocument>(rxdbSchemas().commands) } });
  for (const [collection, spec] of Object.entries(pullOnlyCollections())) {
    await yieldToMain();
    const schema = spec.schema();
    await yieldToMain();
    await db.addCollections({
      [collection]: { schema, ...(spec.migrationStrategies ? { migrationStrategies: spec.migrationStrategies } : {}) },
    });
  }
  return db;
};
