import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { accountRoutes } from '../account/index.ts';
import { CartPage } from '../cart/cart-page.tsx';
import { HomePage } from '../catalog/home-page.tsx';
import { categoryRoutes } from '../catalog/listing/category-routes.ts';
import { ComparePage } from '../shortlists/ui/compare-page.tsx';
import { WishlistPage } from '../shortlists/ui/wishlist-page.tsx';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';

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

/** Spec section 2: /compare; /wishlist is ours. Static, so they rank above the '/$slug' category route. */
const compareRoute = createRoute({ getParentRoute: () => rootRoute, path: '/compare', component: ComparePage });
const wishlistRoute = createRoute({ getParentRoute: () => rootRoute, path: '/wishlist', component: WishlistPage });

const routeTree = rootRoute.addChildren([
  homeRoute,
  cartRoute,
  notFoundRoute,
  compareRoute,
  wishlistRoute,
  ...accountRoutes(rootRoute),
  ...categoryRoutes(rootRoute),
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
