import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lib/lazy-when-reachable.ts';

/**
 * Spec section 2: /compare; /wishlist is ours. Each page is a chunk of its own, loaded when first entered (or on the
 * link's hover, the router's preload), so the first page's JavaScript stays within its budget (npm run bench:web).
 * Static paths, so they rank above the '/$slug' category route.
 */
const ComparePage = lazyRoute(() => import('./ui/compare-page.tsx'), 'ComparePage');
const WishlistPage = lazyRoute(() => import('./ui/wishlist-page.tsx'), 'WishlistPage');

export const shortlistRoutes = <P extends AnyRoute>(parent: P) =>
  [
    createRoute({ getParentRoute: () => parent, path: 'compare', component: ComparePage }),
    createRoute({ getParentRoute: () => parent, path: 'wishlist', component: WishlistPage }),
  ] as const;
