/**
 * The catalogue search's public face: the server's search with its time limit, and the device's catalogue as the
 * views see it. The store client (client/sync/store-client.ts) builds both from the modules themselves.
 */
export { searchOnServer } from './catalog-search.ts';
export type { LocalCatalog } from './local-catalog.ts';
