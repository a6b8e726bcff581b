import { cartSchema } from '../cart/cart.ts';
import { productSchema } from '../catalog/product.ts';
import { commandDocumentSchema } from '../commands/envelope.ts';
import { zodToRxdbSchema } from './zod-to-rxdb.ts';

/**
 * The client's collections, each derived from its zod schema. Collection budget (RxDB free: 13 a tab):
 * commands, carts, products now; orders, ads, account, categories, attributes, content and local later.
 */
export const rxdbSchemas = {
  commands: zodToRxdbSchema(commandDocumentSchema, {
    version: 0,
    primaryKey: 'id',
    indexes: ['status', ['clientId', 'seq'], ['owner', 'status']],
  }),
  carts: zodToRxdbSchema(cartSchema, { version: 0, primaryKey: 'owner' }),
  products: zodToRxdbSchema(productSchema, { version: 0, primaryKey: 'sku', indexes: ['category'] }),
} as const;

export type CollectionName = keyof typeof rxdbSchemas;
export const COLLECTION_NAMES = Object.keys(rxdbSchemas) as CollectionName[];
