import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { StoreClient, SyncState } from '../sync/store-client-types.ts';
import { useObservable } from '../ui/use-observable.ts';
import { yieldToMain } from '../lib/main-thread.ts';
import { holdStart, scheduleStart } from './store-client-start.ts';
import { importWhenReachable } from '../lib/import-when-reachable.ts';
import { browserOnline } from '../lib/browser-online.ts';

/**
 * The one StoreClient of this tab. It is created once (not per render, not twice under StrictMode) and
 * loaded lazily, so the app shell paints before the database code has arrived. The provider starts it when
 * the page has settled (store-client-start.ts); anything that needs it sooner calls getStoreClient().
 */
let clientPromise: Promise<StoreClient> | undefined;
const onStarted = new Set<(promise: Promise<StoreClient>) => void>();

export const getStoreClient = (): Promise<StoreClient> => {
  if (clientPromise) return clientPromise;
  // The commands' schemas (zod, built as their modules are evaluated) in a task of their own, then Dexie, RxDB and
  // the store's own code, each in another (their chunks, vite.config.ts): evaluated together they were a slow
  // phone's 150 ms task.
  clientPromise = importWhenReachable(() => import('../../schema/commands/registry.ts'))
    .then(() => yieldToMain())
    .then(() => importWhenReachable(() => import('../lib/chunk-marks/dexie.ts')))
    .then(() => yieldToMain())
    .then(() => importWhenReachable(() => import('../lib/chunk-marks/rxdb.ts')))
    .then(() => yieldToMain())
    .then(() => importWhenReachable(() => import('../sync/browser-store-client.ts')))
    // The chunk's evaluation and the store's start are two tasks, not one long one (a tap waits for neither).
    .then(async (m) => {
      await yieldToMain();
      return m.createBrowserStoreClient();
    })
    .then((client) => {
      exposeForDebugging(client);
      return client;
    });
  for (const listener of [...onStarted]) listener(clientPromise);
  return clientPromise;
};

/**
 * Holds the local store's start while `waiting` (the view's first data is on its way from the server), so
 * the store's startup does not compete with that first paint. See store-client-start.ts.
 */
export const useHoldStoreClientStart = (waiting: boolean): void => {
  useEffect(() => (waiting ? holdStart() : undefined), [waiting]);
};

/**
 * Debug hook (benchmarks, manual checks in DevTools): with `localStorage['store.debug'] === '1'` the tab's
 * client is reachable as `window.__store`, and `adoptIdentity` makes this profile another device of an
 * existing shopper (tools/bench/browser.ts uses it). Off unless that flag is set; nothing else reads it.
 */
export interface StoreDebugHandle {
  client: StoreClient;
  /** Writes the shared identity document: the client switches to that cart and replicates as its owner. */
  adoptIdentity(token: string, owner: string): Promise<void>;
}

declare global {
  interface Window {
    __store?: StoreDebugHandle;
  }
}

const debugEnabled = (): boolean => {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem('store.debug') === '1';
  } catch {
    // Storage may be unavailable (privacy settings): no hook then.
    return false;
  }
};

const exposeForDebugging = (client: StoreClient): void => {
  if (!debugEnabled()) return;
  window.__store = {
    client,
    adoptIdentity: async (token, owner) => {
      await client.db.upsertLocal('identity', { token, owner });
    },
  };
};

type ClientState =
  { status: 'starting' } | { status: 'ready'; client: StoreClient } | { status: 'failed'; error: unknown };

const ClientContext = createContext<ClientState>({ status: 'starting' });

export function StoreClientProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ClientState>({ status: 'starting' });
  useEffect(() => {
    let live = true;
    const follow = (promise: Promise<StoreClient>) =>
      promise.then(
        // A transition: every view that reads the store renders again, in slices that yield to taps.
        (client) => live && startTransition(() => setState({ status: 'ready', client })),
        (error: unknown) => {
          console.error('[store] the local store could not start', error);
          if (live) setState({ status: 'failed', error });
        },
      );
    if (clientPromise) {
      void follow(clientPromise);
      return () => {
        live = false;
      };
    }
    onStarted.add(follow);
    const cancel = scheduleStart(() => void getStoreClient());
    return () => {
      live = false;
      onStarted.delete(follow);
      cancel();
    };
  }, []);
  return <ClientContext.Provider value={state}>{children}</ClientContext.Provider>;
}

export const useStoreClientState = (): ClientState => useContext(ClientContext);

/** The client once it has started, else null (views show their loading state meanwhile). */
export const useStoreClient = (): StoreClient | null => {
  const state = useContext(ClientContext);
  return state.status === 'ready' ? state.client : null;
};

const onNetworkChange = (change: () => void): (() => void) => {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
};

/**
 * The sync state; before the local store has started, the browser's own network state, followed as it changes:
 * offline in the first seconds of a visit, the store's code waits for the connection (import-when-reachable.ts),
 * and the header must say offline meanwhile, not "connecting".
 */
export const useSyncState = (): SyncState => {
  const client = useStoreClient();
  const state = useObservable(client?.syncState$);
  const online = useSyncExternalStore(onNetworkChange, browserOnline, () => true);
  return state ?? { online, connected: false, waiting: 0, identityReady: false };
};

export const useProducts = () => useObservable(useStoreClient()?.products$);
