/**
 * Nothing but a place in the local store's Dexie chunk (vite.config.ts puts it there): client/store/store-client.tsx
 * imports it to evaluate that chunk in a task of its own before RxDB's and the store's own.
 */
export {};
