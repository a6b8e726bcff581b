import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { paymentRoutes } from '../payments/index.ts';
import { lazyRoute } from '../lib/lazy-when-reachable.ts';

/**
 * The orders' pages, each a chunk of its own loaded when first entered (the first page's JavaScript budget):
 * the thank-you page and '/order-tracking' here; '/my-account/orders' and '/my-account/orders/{orderId}' are
 * children of the account's guarded layout (client/account/account-routes.tsx), which takes these components.
 */
const ThankYouPage = lazyRoute(() => import('./thank-you-page.tsx'), 'ThankYouPage');
const TrackingPage = lazyRoute(() => import('./tracking-page.tsx'), 'TrackingPage');
export const OrdersPage = lazyRoute(() => import('./orders-page.tsx'), 'OrdersPage');
export const OrderPage = lazyRoute(() => import('./order-page.tsx'), 'OrderPage');

export const orderRoutes = <P extends AnyRoute>(parent: P) =>
  [
    createRoute({ getParentRoute: () => parent, path: 'checkout/thank-you/$orderId', component: ThankYouPage }),
    createRoute({ getParentRoute: () => parent, path: 'order-tracking', component: TrackingPage }),
    // Where the payment gateway sends the shopper back (the payments feature's page, a chunk of its own).
    ...paymentRoutes(parent),
  ] as const;
