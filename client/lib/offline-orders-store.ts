import { fromEvent, map, merge, startWith, Subject, type Observable } from 'rxjs';
import type { OrderPlacePayload } from '../../schema/orders/order-commands.ts';

/**
 * Orders made offline that wait for the shopper's word before they go (spec commerce.md, "Offline order": when
 * automatic transmission is off, the shopper confirms them at reconnect). Such an order is NOT a command yet: a
 * command takes its tab's next seq, and the server runs a client's commands in seq order, so a command kept back
 * would hold every later intent of that tab (a cart change, a wishlist toggle) until the shopper confirmed. The
 * order waits here instead, whole, and becomes an `order.place` when it is confirmed. Kept in localStorage, so
 * every tab of the device shows it and a reload keeps it.
 */
const KEY = 'orders.deferred';

/** An order made offline, kept until the shopper sends it: the command it becomes, and whose it is. */
export interface DeferredOrder {
  owner: string;
  payload: OrderPlacePayload;
  createdAt: number;
}

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** The shape only: the payload is checked in full by `dispatch` when it becomes a command. */
const isDeferredOrder = (value: unknown): value is DeferredOrder => {
  const entry = value as Partial<DeferredOrder> | null;
  return (
    typeof entry?.owner === 'string' &&
    typeof entry.createdAt === 'number' &&
    typeof (entry.payload as { orderId?: unknown } | undefined)?.orderId === 'string'
  );
};

const read = (): DeferredOrder[] => {
  try {
    const json: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(json) ? json.filter(isDeferredOrder) : [];
  } catch {
    return [];
  }
};

const changedHere$ = new Subject<void>();
const write = (orders: readonly DeferredOrder[]): boolean => {
  try {
    if (orders.length === 0) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(orders));
    return true;
  } catch {
    return false;
  } finally {
    changedHere$.next();
  }
};

/** Keeps an order until the shopper sends it; false when the browser refused to store it (send it instead). */
export const deferOrder = (order: DeferredOrder): boolean => {
  const orders = read().filter((o) => o.payload.orderId !== order.payload.orderId);
  return write([...orders, order]);
};

/** The orders waiting for the shopper's word, oldest first (all owners, or one). */
export const deferredOrders = (owner?: string): DeferredOrder[] =>
  read()
    .filter((order) => owner === undefined || order.owner === owner)
    .sort((a, b) => a.createdAt - b.createdAt);

/** Drops an order once it is a command (sent) or the shopper gave it up. */
export const forgetDeferred = (orderId: string): void => {
  const orders = read();
  if (orders.some((o) => o.payload.orderId === orderId)) write(orders.filter((o) => o.payload.orderId !== orderId));
};

/** The waiting orders changed, in this tab or another (the storage event). */
export const deferredChanged$: Observable<unknown> =
  typeof window === 'undefined' ? changedHere$ : merge(changedHere$, fromEvent(window, 'storage'));

/** The waiting orders, now and at each change. */
export const deferredOrders$: Observable<DeferredOrder[]> = deferredChanged$.pipe(
  startWith(undefined),
  map(() => deferredOrders()),
);
