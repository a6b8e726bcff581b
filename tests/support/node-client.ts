import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { dexieStorage } from '../../client/sync/dexie-storage.ts';
import { createStoreClient } from '../../client/sync/store-client.ts';
import type { StoreClient } from '../../client/sync/store-client-types.ts';
import { createNetwork, type Network } from './network.ts';
import { waitFor } from './wait.ts';

let counter = 0;

export interface Device {
  client: StoreClient;
  network: Network;
  name: string;
}

/** A shopper's device in Node: the real client sync core on Dexie over fake-indexeddb. */
export const openDevice = async (
  baseUrl: string,
  name = `device-${process.pid}-${++counter}-${Date.now()}`,
  timeouts: { requestTimeoutMs?: number; streamIdleMs?: number } = {},
): Promise<Device> => {
  const network = createNetwork();
  const client = await createStoreClient({
    baseUrl,
    databaseName: name,
    storage: dexieStorage({ indexedDB, IDBKeyRange }),
    multiInstance: false,
    fetch: network.fetch,
    online$: network.online$,
    ...timeouts,
  });
  await waitFor(client.syncState$, (s) => s.identityReady, `${name} has a cart identity`);
  return { client, network, name };
};

/** Makes `device` act for the same shopper as `source` (accounts will do this by logging in). */
export const adoptIdentity = async (device: Device, source: Device): Promise<{ token: string; owner: string }> => {
  const shared = (await source.client.db.getLocal<{ token: string; owner: string }>('identity'))!.toJSON().data;
  await device.client.db.upsertLocal('identity', { token: shared.token, owner: shared.owner });
  return shared;
};
