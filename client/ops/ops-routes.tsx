import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lib/lazy-when-reachable.ts';

/**
 * The operator console (issue 30): one route, `/ops/*`, whose component is a lazy chunk that draws the section the
 * rest of the path names (client/ops/ops-console.tsx). Nothing else of the console is in the shop's first page: a
 * route per section here cost every shopper's first page about 350 bytes of gzip (npm run bench:web), at its budget.
 * Its texts and styles load with it (client/ops/add-texts.ts, the 'ops-styles' area of vite.config.ts).
 */
const OpsConsole = lazyRoute(() => import('./ops-pages.ts'), 'OpsConsole');

export const opsRoutes = <P extends AnyRoute>(parent: P) =>
  [
    createRoute({
      getParentRoute: () => parent,
      path: 'ops/$',
      component: OpsConsole,
    }),
  ] as const;
