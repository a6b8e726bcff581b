import { cartSchema } from '../cart/cart.ts';
import { catalogEntrySchema } from '../catalog/catalog-entry.ts';
import { productSchema } from '../catalog/product.ts';
import { commandDocumentSchema } from '../commands/envelope.ts';
import { ordersDocSchema } from '../orders/order.ts';
import { myAdsDocSchema } from '../ads/my-ads.ts';
import { wishlistDocSchema } from '../wishlist/wishlist.ts';
import { accountSettingsDocSchema } from '../alerts/account-settings.ts';
import { zodToRxdbSchema, type JsonSchemaObject } from './zod-to-rxdb.ts';

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
const derivations = {
  commands: () =>
    zodToRxdbSchema(commandDocumentSchema, {
      version: 0,
      primaryKey: 'id',
      indexes: [
        ['clientId', 'seq'],
        ['owner', 'status'],
      ],
    }),
  outcomes: () =>
    zodToRxdbSchema(commandDocumentSchema, {
      version: 0,
      primaryKey: 'id',
      indexes: [
        ['clientId', 'seq'],
        ['owner', 'createdAt'],
      ],
    }),
  // Version 1: cart lines may carry `labels` (their options in words).
  // Version 2: a cart may carry `coupon` and `shipping` (issue 16).
  carts: () => zodToRxdbSchema(cartSchema, { version: 2, primaryKey: 'owner' }),
  // Version 1: a product may carry `options` (what prices a line's custom options or bundle items).
  // Version 2: a product may carry `tierPricesInclTax` (its customer-group prices).
  // Version 3: a product may carry `variant` (its attribute values and siblings: issue 16).
  products: () => zodToRxdbSchema(productSchema, { version: 4, primaryKey: 'sku', indexes: ['category'] }),
  catalog: () => zodToRxdbSchema(catalogEntrySchema, { version: 0, primaryKey: 'key', indexes: ['kind'] }),
  wishlists: () => zodToRxdbSchema(wishlistDocSchema, { version: 0, primaryKey: 'owner' }),
  orders: () => zodToRxdbSchema(ordersDocSchema, { version: 0, primaryKey: 'owner' }),
  myAds: () => zodToRxdbSchema(myAdsDocSchema, { version: 0, primaryKey: 'owner' }),
  accountSettings: () => zodToRxdbSchema(accountSettingsDocSchema, { version: 0, primaryKey: 'owner' }),
} satisfies Record<string, () => JsonSchemaObject>;

export type CollectionName = keyof typeof derivations;

/**
 * Every collection's RxDB schema derived from its zod schema now. The client reads them as stored
 * (collection-schemas.json, written from this by `npx tsx tools/rxdb-schemas.ts`); a unit test holds the two equal.
 */
export const deriveRxdbSchemas = (): Record<CollectionName, JsonSchemaObject> =>
  Object.fromEntries(
    (Object.keys(derivations) as CollectionName[]).map((name) => [name, derivations[name]()]),
  ) as Record<CollectionName, JsonSchemaObject>;
