import { fromEvent, merge, Subject, type Observable } from 'rxjs';
import { offlineOrdersSentAutomatically } from './order-settings.ts';

/**
 * Orders made offline that wait for the shopper's word before they go (spec commerce.md, "Offline order": when
 * automatic transmission is off, the shopper confirms them at reconnect). Kept in localStorage, so every tab of the
 * device shares them (the leader tab pushes for all) and a reload keeps them held; the pusher asks `holds` when it
 * sends, so the shop's setting is read as it is then, not as it was when the order was made.
 */
const KEY = 'orders.madeOffline';

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

const read = (): string[] => {
  try {
    const json: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(json) ? json.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
};

const changedHere$ = new Subject<void>();
const write = (ids: readonly string[]): void => {
  try {
    if (ids.length === 0) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Storage refused: the order is not held, so it goes at reconnect as in the automatic mode; nothing is lost.
  }
  changedHere$.next();
};

/** Marks an order as made offline (before its command is stored, so the pusher never sees it unmarked). */
export const markMadeOffline = (orderId: string): void => {
  const ids = read();
  if (!ids.includes(orderId)) write([...ids, orderId]);
};

/** The orders made offline that are still held: those the setting keeps back. */
export const heldOrderIds = (): string[] => (offlineOrdersSentAutomatically() ? [] : read());

/** The shopper confirms orders made offline (or the thank-you page sends them, as the spec says): they go now. */
export const releaseOrders = (orderIds: readonly string[] = read()): void => {
  const gone = new Set(orderIds);
  write(read().filter((id) => !gone.has(id)));
};

/** Forgets an order once the server has it (its command is answered): the list stays short. */
export const forgetOrders = (orderIds: readonly string[]): void => {
  const ids = read();
  const gone = new Set(orderIds);
  if (ids.some((id) => gone.has(id))) write(ids.filter((id) => !gone.has(id)));
};

/** Held orders changed, in this tab or another (the storage event), or the setting may have. */
export const heldChanged$: Observable<unknown> =
  typeof window === 'undefined' ? changedHere$ : merge(changedHere$, fromEvent(window, 'storage'));
