import { fromEvent, merge, type Subscription } from 'rxjs';
import { registerBackgroundSync } from '../lib/background-sync.ts';
import { addCheckoutTexts } from '../i18n/checkout-texts.ts';
import { notify } from '../ui/notifications.tsx';
import type { CommandDocument } from '../../schema/index.ts';
import type { OrderPlacePayload } from '../../schema/orders/order-commands.ts';
import { deferredChanged$, deferredOrders, forgetDeferred } from '../lib/offline-orders-store.ts';

/** The background sync tag the spec names for offline orders. */
export const ORDER_SYNC_TAG = 'orderSync';

const online = (): boolean => typeof navigator === 'undefined' || navigator.onLine;

/** Where the shopper confirms an order made offline: its thank-you page, which sends it (spec: "or the current page is the thank-you page"). */
export const thankYouPath = (orderId: string): string => `/checkout/thank-you/${orderId}`;

/**
 * At reconnect, an order made offline that waits for the shopper's word is announced with the spec's 'Order waiting!'
 * / 'Click here to confirm the order that you made offline.', leading to its thank-you page; while offline with an
 * order waiting, background sync `orderSync` is registered where the browser has it.
 */
export const watchOfflineOrders = (): Subscription | undefined => {
  if (typeof window === 'undefined') return undefined;
  addCheckoutTexts();
  const announce = () => {
    const [first] = deferredOrders();
    if (!first || !online()) return;
    notify({
      kind: 'info',
      message: { key: 'checkout.offlineOrder.title' },
      action: { label: { key: 'checkout.offlineOrder.text' }, to: thankYouPath(first.payload.orderId) },
    });
  };
  announce();
  const subscription = fromEvent(window, 'online').subscribe(announce);
  subscription.add(
    merge(deferredChanged$, fromEvent(window, 'offline')).subscribe(() => {
      if (!online()) void registerBackgroundSync(ORDER_SYNC_TAG);
    }),
  );
  return subscription;
};

/**
 * Sends orders made offline that waited for the shopper's word, oldest first: each becomes an `order.place` now
 * (and takes its tab's next seq now, so nothing of the tab waited behind it). An order is forgotten here only once
 * its command is stored; a refused dispatch leaves it waiting. Two tabs sending one order give one order: the
 * server keeps one per order id.
 */
export const sendDeferredOrders = async (
  dispatch: (type: 'order.place', payload: OrderPlacePayload) => Promise<CommandDocument>,
  /** The orders to send: ones the owner's orders view shows (it lists the owner's waiting orders only). */
  orderIds: readonly string[],
): Promise<void> => {
  for (const order of deferredOrders()) {
    if (!orderIds.includes(order.payload.orderId)) continue;
    await dispatch('order.place', order.payload);
    forgetDeferred(order.payload.orderId);
  }
};
