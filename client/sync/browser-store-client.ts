import { fromEvent, map, merge, startWith } from 'rxjs';
import { dexieStorage } from './dexie-storage.ts';
import { createStoreClient } from './store-client.ts';
import type { StoreClient } from './store-client-types.ts';

/** The store client of this browser profile: IndexedDB through Dexie, shared by every tab, synced with this origin. */
export const createBrowserStoreClient = (): Promise<StoreClient> =>
  createStoreClient({
    baseUrl: '',
    databaseName: 'apple-store-bg',
    storage: dexieStorage(),
    multiInstance: true,
    online$: merge(fromEvent(window, 'online'), fromEvent(window, 'offline')).pipe(
      map(() => navigator.onLine),
      startWith(navigator.onLine),
    ),
  });
