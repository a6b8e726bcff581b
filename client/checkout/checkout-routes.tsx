import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lib/lazy-when-reachable.ts';

/**
 * '/checkout': its own chunk, loaded when first entered, so the first page's JavaScript stays under its budget
 * (npm run bench:web). A static path, so it ranks above '/$slug'. The thank-you page is the orders feature's.
 */
const CheckoutPage = lazyRoute(() => import('./checkout-page.tsx'), 'CheckoutPage');

export const checkoutRoutes = <P extends AnyRoute>(parent: P) =>
  [createRoute({ getParentRoute: () => parent, path: 'checkout', component: CheckoutPage })] as const;
