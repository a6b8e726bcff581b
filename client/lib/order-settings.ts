/**
 * The shop's order settings (spec commerce.md: `orders.offline_orders.automatic_transmission_enabled`). Fixed when
 * the PWA is built, like the price display (client/lib/shop-settings.ts): an order made offline must know what to do
 * at reconnect without asking the server. `VITE_OFFLINE_ORDERS_AUTOMATIC=false` turns it off for the shop.
 *
 * A device may override it under OFFLINE_ORDERS_OVERRIDE_KEY ('true' / 'false'): the browser tests switch modes
 * that way, and a shop's support can ask a shopper to. Read at each use, so a change applies without a reload.
 */
export const OFFLINE_ORDERS_OVERRIDE_KEY = 'orders.offline_orders.automatic_transmission_enabled';

const built = (import.meta.env.VITE_OFFLINE_ORDERS_AUTOMATIC ?? 'true') !== 'false';

const override = (): boolean | undefined => {
  try {
    const value = localStorage.getItem(OFFLINE_ORDERS_OVERRIDE_KEY);
    return value === 'true' ? true : value === 'false' ? false : undefined;
  } catch {
    // Storage blocked: the shop's setting holds.
    return undefined;
  }
};

/** True: an order made offline goes by itself at reconnect; false: the shopper confirms it first ('Order waiting!'). */
export const offlineOrdersSentAutomatically = (): boolean => override() ?? built;
