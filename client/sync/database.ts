import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxConflictHandler,
  type RxDatabase,
  type RxJsonSchema,
  type RxStorage,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { rxdbSchemas, type Cart, type CommandDocument, type Product } from '../../schema/index.ts';

addRxPlugin(RxDBLocalDocumentsPlugin);
addRxPlugin(RxDBLeaderElectionPlugin);

export interface StoreCollections {
  commands: RxCollection<CommandDocument>;
  carts: RxCollection<Cart>;
  products: RxCollection<Product>;
}
export type StoreDatabase = RxDatabase<StoreCollections>;

/**
 * A command's server-owned fields are the server's alone: whatever the local copy says, the server's
 * state wins. Read models are pull only, so they never conflict.
 */
export const serverWins: RxConflictHandler<CommandDocument> = {
  isEqual: (a, b) => a.serverSeq === b.serverSeq && a.status === b.status,
  resolve: async ({ realMasterState }) => realMasterState,
};

const schema = <T>(json: Record<string, unknown>): RxJsonSchema<T> => json as unknown as RxJsonSchema<T>;

export interface DatabaseOptions {
  name: string;
  storage: RxStorage<unknown, unknown>;
  /** Several tabs of one profile share the database (default in browsers). */
  multiInstance?: boolean;
}

/** One database per browser profile; every tab opens the same one. */
export const createStoreDatabase = async ({ name, storage, multiInstance = true }: DatabaseOptions): Promise<StoreDatabase> => {
  const db = await createRxDatabase<StoreCollections>({
    name,
    storage,
    multiInstance,
    eventReduce: true,
    localDocuments: true,
    closeDuplicates: true,
  });
  await db.addCollections({
    commands: { schema: schema<CommandDocument>(rxdbSchemas.commands), conflictHandler: serverWins },
    carts: { schema: schema<Cart>(rxdbSchemas.carts) },
    products: { schema: schema<Product>(rxdbSchemas.products) },
  });
  return db;
};
