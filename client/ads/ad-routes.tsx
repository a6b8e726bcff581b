import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { importWhenReachable } from '../lib/import-when-reachable.ts';

/**
 * The second-hand ads' pages, one chunk loaded when an ads route is first entered (ad-pages.ts): nothing of the ads
 * is in the first page's JavaScript but these lines (its budget, npm run bench:web). The public list and one ad hang from the root; the shopper's
 * own ads are children of the account's guarded layout (client/account/account-routes.tsx takes myAdRoutes).
 */
const pages = () => importWhenReachable(() => import('./ad-pages.ts'));
const AdsListPage = lazyRouteComponent(pages, 'AdsListPage');
const AdPage = lazyRouteComponent(pages, 'AdPage');
const MyAdsPage = lazyRouteComponent(pages, 'MyAdsPage');
const AdFormPage = lazyRouteComponent(pages, 'AdFormPage');

/** '/posts/sell' and '/posts/view/{id}' (catalogue.md route table): static first segments, above '/$slug'. */
export const adRoutes = <P extends AnyRoute>(parent: P) =>
  [
    createRoute({ getParentRoute: () => parent, path: 'posts/sell', component: AdsListPage }),
    createRoute({ getParentRoute: () => parent, path: 'posts/view/$id', component: AdPage }),
  ] as const;

/** '/my-account/my-sell', '/new' and '/edit/{id}' (commerce.md §2), under the account's layout and its guard. */
export const myAdRoutes = <P extends AnyRoute>(myAccount: P) =>
  [
    createRoute({ getParentRoute: () => myAccount, path: 'my-sell', component: MyAdsPage }),
    createRoute({ getParentRoute: () => myAccount, path: 'my-sell/new', component: AdFormPage }),
    createRoute({ getParentRoute: () => myAccount, path: 'my-sell/edit/$id', component: AdFormPage }),
  ] as const;
