import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { accountRoutes } from '../account/index.ts';
import { adRoutes } from '../ads/index.ts';
import { CartPage } from '../cart/index.ts';
import { checkoutRoutes } from '../checkout/index.ts';
import { orderRoutes } from '../orders/index.ts';
import { messageRoutes } from '../messages/index.ts';
import { HomePage } from '../catalog/home/index.ts';
import { pathRoutes } from '../catalog/path/index.ts';
import { shortlistRoutes } from '../shortlists/index.ts';
import { opsRoutes } from '../ops/index.ts';
import { Layout } from './layout.tsx';
import { ErrorPage, NotFoundPage } from '../ui/not-found-page.tsx';

/** Code-based routes (no generator step). */
const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFoundPage });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });
const cartRoute = createRoute({ getParentRoute: () => rootRoute, path: '/cart', component: CartPage });
/** The spec names /page-not-found as the error page route. */
const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/page-not-found',
  component: NotFoundPage,
});
const errorRoute = createRoute({ getParentRoute: () => rootRoute, path: '/error', component: ErrorPage });

const routeTree = rootRoute.addChildren([
  homeRoute,
  cartRoute,
  notFoundRoute,
  errorRoute,
  ...shortlistRoutes(rootRoute),
  ...accountRoutes(rootRoute),
  ...checkoutRoutes(rootRoute),
  ...orderRoutes(rootRoute),
  ...messageRoutes(rootRoute),
  ...adRoutes(rootRoute),
  ...opsRoutes(rootRoute),
  ...pathRoutes(rootRoute),
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultNotFoundComponent: NotFoundPage,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
