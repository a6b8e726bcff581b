import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { StoreClient } from '../../client/sync/store-client-types.ts';
import { createNetwork, type TestNetwork } from './network.ts';
import { waitFor } from './wait.ts';

let counter = 0;

export interface Device {
  client: StoreClient;
  network: TestNetwork;
  name: string;
}

/**
 * The client's modules as a tab of its own has them. A browser tab is a JavaScript realm of its own, with its own
 * RxDB (whose free version opens at most 13 collections a realm: the store opens 10); devices simulated in one
 * test process would share one RxDB and, two of them, pass that bound. Under vitest each device therefore loads the
 * client, RxDB included (vitest.config.ts inlines it), afresh; IndexedDB (fake-indexeddb) stays one, as a
 * browser's is one per profile.
 */
const clientModules = async () => {
  if (process.env['VITEST']) (await import('vitest')).vi.resetModules();
  const [{ createStoreClient }, { dexieStorage }] = await Promise.all([
    import('../../client/sync/store-client.ts'),
    import('../../client/sync/dexie-storage.ts'),
  ]);
  return { createStoreClient, dexieStorage };
};

/** A shopper's device in Node: the real client sync core on Dexie over fake-indexeddb. */
export const openDevice = async (
  baseUrl: string,
  name = `device-${process.pid}-${++counter}-${Date.now()}`,
  options: {
    requestTimeoutMs?: number;
    streamIdleMs?: number;
    /** A first visit with no connection: the device opens with no identity, and the test does not wait for one. */
    offline?: boolean;
    /** Paths the device cannot reach from the start (e.g. the guest cart's): the test does not wait for an identity. */
    unreachable?: string[];
  } = {},
): Promise<Device> => {
  const { offline = false, unreachable = [], ...timeouts } = options;
  const network = createNetwork();
  if (offline) network.setOnline(false);
  for (const path of unreachable) network.setUnreachable(path, true);
  const { createStoreClient, dexieStorage } = await clientModules();
  const client = await createStoreClient({
    baseUrl,
    databaseName: name,
    storage: dexieStorage({ indexedDB, IDBKeyRange }),
    multiInstance: false,
    fetch: network.fetch,
    online$: network.online$,
    ...timeouts,
  });
  if (!offline && unreachable.length === 0) {
    try {
      await waitFor(client.syncState$, (s) => s.identityReady, `${name} has a cart identity`);
    } catch (error) {
      // Closed, or its collections stay open in this realm and the next device's open fails (RxDB's COL23): the
      // fault harness's workers host one device after another, and a 1,000-run lost 103 runs to one such failure.
      await client.stop().catch(() => undefined);
      throw error;
    }
  }
  return { client, network, name };
};

/** Makes `device` act for the same shopper as `source` (accounts will do this by logging in). */
export const adoptIdentity = async (device: Device, source: Device): Promise<{ token: string; owner: string }> => {
  const shared = (await source.client.db.getLocal<{ token: string; owner: string }>('identity'))!.toJSON().data;
  await device.client.db.upsertLocal('identity', { token: shared.token, owner: shared.owner });
  return shared;
};
