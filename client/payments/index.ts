import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyComponent, lazyRoute } from '../lib/lazy-when-reachable.ts';

/**
 * The payments feature's public face, all lazy (the first page's JavaScript budget): the order's payment part for
 * the orders' pages, and the page the gateway sends the shopper back to. Its sync registration (feature.ts) is
 * imported by the registry alone (client/features.ts).
 */
export const OrderPayment = lazyComponent(() => import('./order-payment.tsx'), 'OrderPayment');

const PaymentResultPage = lazyRoute(() => import('./payment-result-page.tsx'), 'PaymentResultPage');

export const paymentRoutes = <P extends AnyRoute>(parent: P) =>
  [
    createRoute({ getParentRoute: () => parent, path: 'payment/result/$orderId', component: PaymentResultPage }),
    // The server could not tell which order an answer was for (an unknown or unverifiable one): this tab knows.
    createRoute({ getParentRoute: () => parent, path: 'payment/result', component: PaymentResultPage }),
  ] as const;
