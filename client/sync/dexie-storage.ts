import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';

/** Where IndexedDB comes from outside a browser (fake-indexeddb in Node). */
export interface IndexedDbDependencies {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

/** How RxDB's free Dexie storage opens the advert it prints on a page's first write (rx-storage-instance-dexie.js). */
const STORAGE_ADVERT = '-------------- RxDB Open Core RxStorage';
let advertQuieted = false;

/**
 * Drops that one console message (issue 19: no console noise in production): a shopper's console is no place
 * for a vendor's advert, and RxDB's source invites users of the open version to override the check. Every other
 * warning passes through unchanged.
 */
const quietStorageAdvert = (): void => {
  if (advertQuieted) return;
  advertQuieted = true;
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(STORAGE_ADVERT)) return;
    warn(...args);
  };
};

/**
 * RxDB's Dexie storage without Dexie's live-query middlewares (its query cache and change
 * observability), which serve Dexie's own liveQuery(); RxDB has change streams of its own and never
 * calls it. They cost about a fifth of every write (bench, fake-indexeddb: an insert 0.7-0.9 against
 * 1.0 ms of CPU).
 */
export const dexieStorage = (dependencies?: IndexedDbDependencies): RxStorage<unknown, unknown> => {
  quietStorageAdvert();
  return getRxStorageDexie({
    ...dependencies,
    onCreate: (dexie) => {
      dexie.unuse({ stack: 'dbcore', name: 'Cache' });
      dexie.unuse({ stack: 'dbcore', name: 'Observability' });
    },
  }) as RxStorage<unknown, unknown>;
};
