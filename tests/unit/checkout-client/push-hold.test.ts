import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { BehaviorSubject, NEVER } from 'rxjs';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStoreDatabase, type StoreDatabase } from '../../../client/sync/database.ts';
import { dexieStorage } from '../../../client/sync/dexie-storage.ts';
import { startPusher, type Pusher } from '../../../client/sync/pusher.ts';
import type { SyncApi } from '../../../client/sync/sync-api.ts';
import { OFFLINE_ORDERS_OVERRIDE_KEY } from '../../../client/lib/order-settings.ts';
import { markMadeOffline, releaseOrders } from '../../../client/lib/offline-orders-store.ts';
import { offlineOrderHold } from '../../../client/orders/offline-hold.ts';
import type { CommandDocument } from '../../../schema/index.ts';

/** The browser's localStorage, in memory: what the hold keeps its orders made offline in. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const ORDER_ID = '0190a8f2-7c3e-7000-8000-00000000000a';
const command = (type: string, payload: Record<string, unknown>, seq: number): CommandDocument => ({
  id: uuidv7(),
  type,
  payload,
  owner: 'guest-1',
  clientId: 'client-aaaa',
  seq,
  createdAt: seq,
  status: 'pending',
  serverSeq: 0,
});

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('an order made offline, held until the shopper confirms it', () => {
  let db: StoreDatabase;
  let pusher: Pusher | undefined;
  const pushed: string[] = [];
  const api = {
    push: async (rows: { newDocumentState: CommandDocument }[]) => {
      pushed.push(...rows.map(({ newDocumentState: d }) => d.type));
      return { conflicts: [] };
    },
  } as unknown as SyncApi;
  const storage = new MemoryStorage();

  beforeEach(async () => {
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    storage.items.clear();
    pushed.length = 0;
    db = await createStoreDatabase({
      name: `push-hold-${Date.now()}`,
      storage: dexieStorage({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
  });
  afterEach(async () => {
    pusher?.stop();
    await db.close();
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  const start = () =>
    (pusher = startPusher(
      db.commands,
      api,
      { online: new BehaviorSubject(true), signal: new AbortController().signal, nudge$: NEVER },
      new Set(['guest-1']),
      offlineOrderHold,
    ));

  it('given the shop asks to confirm, when online, then the order waits and the rest goes; released, it goes too', async () => {
    storage.setItem(OFFLINE_ORDERS_OVERRIDE_KEY, 'false');
    markMadeOffline(ORDER_ID);
    start();
    await db.commands.insert(command('order.place', { orderId: ORDER_ID }, 1));
    await db.commands.insert(command('cart.addItem', { sku: 'APP3', qty: 1 }, 2));
    await until(() => pushed.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pushed).toEqual(['cart.addItem']);

    releaseOrders([ORDER_ID]);
    await until(() => pushed.length === 2);
    expect(pushed).toEqual(['cart.addItem', 'order.place']);
  });

  it('given automatic transmission (the default), then an order made offline goes as soon as it can', async () => {
    markMadeOffline(ORDER_ID);
    start();
    await db.commands.insert(command('order.place', { orderId: ORDER_ID }, 1));
    await until(() => pushed.length === 1);
    expect(pushed).toEqual(['order.place']);
  });

  it('an order placed online is never held, whatever the setting', () => {
    storage.setItem(OFFLINE_ORDERS_OVERRIDE_KEY, 'false');
    expect(offlineOrderHold.holds(command('order.place', { orderId: ORDER_ID }, 1))).toBe(false);
    markMadeOffline(ORDER_ID);
    expect(offlineOrderHold.holds(command('order.place', { orderId: ORDER_ID }, 1))).toBe(true);
    expect(offlineOrderHold.holds(command('order.cancel', { orderId: ORDER_ID }, 2))).toBe(false);
  });
});
