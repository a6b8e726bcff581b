import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCommand, type CommandDocument } from '../../../schema/index.ts';
import { orderPlacePayloadSchema, type OrderPlacePayload } from '../../../schema/orders/order-commands.ts';
import { deferOrder, deferredOrders, forgetDeferred } from '../../../client/lib/offline-orders-store.ts';
import { sendDeferredOrders } from '../../../client/orders/offline-orders.ts';
import { foldPendingOrders } from '../../../client/orders/order-view.ts';
import { validDetails } from '../../support/orders.ts';

/** The browser's localStorage, in memory: where orders made offline wait for the shopper's word. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const OWNER = 'guest-0190a8f2-7c3e-7000-8000-000000000001';
const payloadOf = (orderId: string): OrderPlacePayload =>
  orderPlacePayloadSchema.parse({
    orderId,
    details: validDetails,
    lines: [{ lineId: 'APP3', sku: 'APP3', name: 'AirPods', qty: 1, unitPriceInclTaxEur: 25_000, options: {} }],
    reviewedTotalEur: 25_256,
  });
const FIRST = '0190a8f2-7c3e-7000-8000-00000000000a';
const SECOND = '0190a8f2-7c3e-7000-8000-00000000000b';

describe('an order made offline while the shop asks the shopper to confirm such orders', () => {
  const storage = new MemoryStorage();
  const dispatched: OrderPlacePayload[] = [];
  /** Stores the command as the store client's dispatch does; `refuse` makes it throw as a full disk would. */
  let refuse = false;
  const dispatch = async (type: 'order.place', payload: OrderPlacePayload): Promise<CommandDocument> => {
    if (refuse) throw new Error('QuotaExceededError');
    dispatched.push(payload);
    return { type, payload } as unknown as CommandDocument; // the caller reads nothing of it
  };

  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    storage.items.clear();
    dispatched.length = 0;
    refuse = false;
  });
  afterEach(() => void Reflect.deleteProperty(globalThis, 'localStorage'));

  it('given it waits, then it is no command (nothing of its tab waits behind it) and the history shows it waiting', () => {
    expect(deferOrder({ owner: OWNER, payload: payloadOf(FIRST), createdAt: 1_000 })).toBe(true);

    expect(dispatched).toEqual([]);
    const shown = foldPendingOrders([], [], parseCommand, deferredOrders(OWNER));
    expect(shown.map((o) => [o.orderId, o.status, o.totals.grandTotalEur])).toEqual([[FIRST, 'waiting', 25_256]]);
    expect(deferredOrders('guest-another')).toEqual([]);
  });

  it('given two waiting orders, when the shopper sends one, then only that one becomes an order.place and is forgotten', async () => {
    deferOrder({ owner: OWNER, payload: payloadOf(FIRST), createdAt: 1_000 });
    deferOrder({ owner: OWNER, payload: payloadOf(SECOND), createdAt: 2_000 });

    await sendDeferredOrders(dispatch, [SECOND]);

    expect(dispatched.map((p) => p.orderId)).toEqual([SECOND]);
    expect(deferredOrders().map((o) => o.payload.orderId)).toEqual([FIRST]);
  });

  it('given the command cannot be stored, when the shopper sends it, then the order keeps waiting (never lost)', async () => {
    deferOrder({ owner: OWNER, payload: payloadOf(FIRST), createdAt: 1_000 });
    refuse = true;

    await expect(sendDeferredOrders(dispatch, [FIRST])).rejects.toThrow('QuotaExceededError');

    expect(deferredOrders().map((o) => o.payload.orderId)).toEqual([FIRST]);
  });

  it('given the server already lists the order, then it is shown once, as the server has it', () => {
    deferOrder({ owner: OWNER, payload: payloadOf(FIRST), createdAt: 1_000 });
    const [waiting] = foldPendingOrders([], [], parseCommand, deferredOrders(OWNER));
    const received = { ...waiting!, owner: OWNER, orderNumber: 'BG-2026-000001', status: 'received' as const };

    const shown = foldPendingOrders([received], [], parseCommand, deferredOrders(OWNER));

    expect(shown.map((o) => [o.orderId, o.status])).toEqual([[FIRST, 'received']]);
    forgetDeferred(FIRST);
    expect(deferredOrders()).toEqual([]);
  });
});
