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
  /** What this device asked for: written by dispatch, pushed, removed once its outcome is here. */
  commands: RxCollection<CommandDocument>;
  /** The server's answers to the owner's commands (from every device of the owner): pull only. */
  outcomes: RxCollection<CommandDocument>;
  carts: RxCollection<Cart>;
  products: RxCollection<Product>;
}
export type StoreDatabase = RxDatabase<StoreCollections>;

/**
 * A pushed command the server already holds (a repeated push) comes back as a conflict: the server's
 * copy wins. Every other collection is pull only and never conflicts.
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
  await db.addCollections({
    commands: { schema: schema<CommandDocument>(rxdbSchemas.commands), conflictHandler: serverWins },
    outcomes: { schema: schema<CommandDocument>(rxdbSchemas.outcomes) },
    carts: { schema: schema<Cart>(rxdbSchemas.carts) },
    products: { schema: schema<Product>(rxdbSchemas.products) },
  });
  return db;
};
