import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { CategoryPage } from '../listing/index.ts';
import { PathPage } from './path-page.tsx';

/**
 * '/$slug' and '/$slug/$': a category listing, else what the path page finds the path names (a product, a CMS
 * page, a search, a flag listing...).
 */
const SlugPage = () => <CategoryPage otherwise={PathPage} />;

/**
 * The catalogue's dynamic routes: '/$slug' and '/$slug/$' (filter segments). Static routes ('/cart',
 * '/page-not-found') rank above these dynamic ones, so they are never taken for a category. They live here, above
 * the listing, so the listing need not know the pages a path may name instead (the path page imports the listing's
 * neighbours: flags, search, products, content).
 */
export const pathRoutes = <P extends AnyRoute>(parent: P) =>
  [
    createRoute({ getParentRoute: () => parent, path: '$slug', component: SlugPage }),
    createRoute({ getParentRoute: () => parent, path: '$slug/$', component: SlugPage }),
  ] as const;
