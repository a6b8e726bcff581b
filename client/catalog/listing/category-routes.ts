import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { CategoryPage } from './category-page.tsx';

/**
 * The category listing routes: '/$slug' and '/$slug/$' (filter segments). Static routes ('/cart',
 * '/page-not-found') rank above these dynamic ones, so they are never taken for a category.
 */
export const categoryRoutes = <P extends AnyRoute>(parent: P) =>
  [
    createRoute({ getParentRoute: () => parent, path: '$slug', component: CategoryPage }),
    createRoute({ getParentRoute: () => parent, path: '$slug/$', component: CategoryPage }),
  ] as const;
