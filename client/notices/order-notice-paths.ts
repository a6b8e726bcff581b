import type { OrderChangeKind } from '../../schema/notices/order-changes.ts';

/**
 * Where an order change's notice leads, and which pages already show an order (a change of an order the tab is
 * showing is seen there, so it is acknowledged instead of shown twice, as a toast seen here is).
 */

/** The order's page: the account's for a user; a guest has no account pages, so the thank-you page. */
export const orderNoticePath = (orderId: string, loggedIn: boolean): string =>
  loggedIn ? `/my-account/orders/${orderId}` : `/checkout/thank-you/${orderId}`;

const ORDER_PAGES = [
  /^\/my-account\/orders\/([0-9a-f-]{36})\/?$/,
  /^\/checkout\/thank-you\/([0-9a-f-]{36})\/?$/,
  /^\/payment\/result\/([0-9a-f-]{36})\/?$/,
];

/** The order a page shows (its id), if it is an order's page. */
export const orderShownAt = (pathname: string): string | undefined => {
  for (const page of ORDER_PAGES) {
    const found = page.exec(pathname);
    if (found) return found[1];
  }
  return undefined;
};

/** Changes that ask the shopper to pay: their link says so. */
export const asksToPay = (change: OrderChangeKind): boolean =>
  change === 'payment_awaiting' || change === 'payment_declined';
