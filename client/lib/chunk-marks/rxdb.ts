/**
 * Nothing but a place in the local store's RxDB chunk (vite.config.ts puts it there): client/store/store-client.tsx
 * imports it to evaluate that chunk in a task of its own, after Dexie's and before the store's own code.
 */
export {};
