import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { importWhenReachable } from '../lib/import-when-reachable.ts';

/** The message forms' chunk (message-pages.tsx): the /contact page and the product page's forms. */
export const loadMessagePages = () => importWhenReachable(() => import('./message-pages.tsx'));

const ContactPage = lazyRouteComponent(loadMessagePages, 'ContactPage');

/** /contact (commerce.md section 2: "contact form, all"), a lazily loaded page. */
export const messageRoutes = <P extends AnyRoute>(parent: P) =>
  [createRoute({ getParentRoute: () => parent, path: 'contact', component: ContactPage })] as const;
