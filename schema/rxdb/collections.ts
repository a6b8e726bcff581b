import { cartSchema } from '../cart/cart.ts';
import { catalogEntrySchema } from '../catalog/catalog-entry.ts';
import { productSchema } from '../catalog/product.ts';
import { commandDocumentSchema } from '../commands/envelope.ts';
import { ordersDocSchema } from '../orders/order.ts';
import { myAdsDocSchema } from '../ads/my-ads.ts';
import { wishlistDocSchema } from '../wishlist/wishlist.ts';
import { accountSettingsDocSchema } from '../alerts/account-settings.ts';
import { zodToRxdbSchema } from './zod-to-rxdb.ts';

/**
 * The client's collections, each derived from its zod schema; a feature's collection is one line here. Collection
 * budget (RxDB free: 13 a tab): see the README. The whole public catalogue (categories, attributes, products,
 * content, approved reviews, tax rules) is the one `catalog` collection of entries, not nine, to stay inside it.
 *
 * `commands` holds what this device asked for and is push only; `outcomes` holds the server's answers
 * (the same documents, settled) and is pull only. Keeping client-written and server-written documents
 * apart means neither side ever overwrites the other: RxDB drops a pulled version of a document whose
 * local write is still being pushed, and the executor can answer before the push response arrives.
 */
const deriveSchemas = () => ({
  commands: zodToRxdbSchema(commandDocumentSchema, {
    version: 0,
    primaryKey: 'id',
    indexes: [
      ['clientId', 'seq'],
      ['owner', 'status'],
    ],
  }),
  outcomes: zodToRxdbSchema(commandDocumentSchema, {
    version: 0,
    primaryKey: 'id',
    indexes: [
      ['clientId', 'seq'],
      ['owner', 'createdAt'],
    ],
  }),
  // Version 1: cart lines may carry `labels` (their options in words).
  // Version 2: a cart may carry `coupon` and `shipping` (issue 16).
  carts: zodToRxdbSchema(cartSchema, { version: 2, primaryKey: 'owner' }),
  // Version 1: a product may carry `options` (what prices a line's custom options or bundle items).
  // Version 2: a product may carry `tierPricesInclTax` (its customer-group prices).
  // Version 3: a product may carry `variant` (its attribute values and siblings: issue 16).
  products: zodToRxdbSchema(productSchema, { version: 4, primaryKey: 'sku', indexes: ['category'] }),
  catalog: zodToRxdbSchema(catalogEntrySchema, { version: 0, primaryKey: 'key', indexes: ['kind'] }),
  wishlists: zodToRxdbSchema(wishlistDocSchema, { version: 0, primaryKey: 'owner' }),
  orders: zodToRxdbSchema(ordersDocSchema, { version: 0, primaryKey: 'owner' }),
  myAds: zodToRxdbSchema(myAdsDocSchema, { version: 0, primaryKey: 'owner' }),
  accountSettings: zodToRxdbSchema(accountSettingsDocSchema, { version: 0, primaryKey: 'owner' }),
});

let derived: ReturnType<typeof deriveSchemas> | undefined;

/**
 * The collections' RxDB schemas, derived on first use rather than when the module loads: the derivation is a
 * slow phone's 25 ms, and the local store asks for them in a task of its own (client/sync/database.ts).
 */
export const rxdbSchemas = (): ReturnType<typeof deriveSchemas> => (derived ??= deriveSchemas());

export type CollectionName = keyof ReturnType<typeof deriveSchemas>;
