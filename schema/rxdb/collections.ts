import stored from './collection-schemas.json';
import type { CollectionName } from './derive-collections.ts';
import type { JsonSchemaObject } from './zod-to-rxdb.ts';

export type { CollectionName } from './derive-collections.ts';

/**
 * The client's collections' RxDB schemas, as their zod schemas derive them (derive-collections.ts, where a feature's
 * collection is one line, and the README's collection budget). Stored, not derived in the browser: deriving them was
 * 50-70 ms of a slow phone's main thread as the local store opened, on every first visit.
 * tests/unit/rxdb/stored-schemas.test.ts holds the stored ones equal to the derivation.
 */
const schemas = stored as unknown as Readonly<Record<CollectionName, JsonSchemaObject>>;

export const rxdbSchemas = (): Readonly<Record<CollectionName, JsonSchemaObject>> => schemas;
