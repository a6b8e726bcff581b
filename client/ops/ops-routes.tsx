import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lib/lazy-when-reachable.ts';

/**
 * The operator console's routes (issue 30). Nothing of the console is in the shop's first page but these lines:
 * its pages are one lazy chunk (ops-pages.ts), the health charts another (uPlot), its texts and styles come with
 * them (client/ops/add-texts.ts, the 'ops-styles' area of vite.config.ts).
 */
const pages = () => import('./ops-pages.ts');
const OpsShell = lazyRoute(pages, 'OpsShell');
const CommandLogPage = lazyRoute(pages, 'CommandLogPage');
const CommandPage = lazyRoute(pages, 'CommandPage');
const FailuresPage = lazyRoute(pages, 'FailuresPage');
const ShoppersPage = lazyRoute(pages, 'ShoppersPage');
const ShopperPage = lazyRoute(pages, 'ShopperPage');
const QueuesPage = lazyRoute(pages, 'QueuesPage');
const AuditPage = lazyRoute(pages, 'AuditPage');
const OperatorsPage = lazyRoute(pages, 'OperatorsPage');
const HealthPage = lazyRoute(() => import('./health/health-page.tsx'), 'HealthPage');

/** The URL's search parameters as text: each page reads its own with zod (the filters live in the URL). */
export type OpsSearch = Partial<Record<string, string>>;
const textSearch = (search: Record<string, unknown>): OpsSearch =>
  Object.fromEntries(
    Object.entries(search).flatMap(([key, value]) =>
      typeof value === 'string' || typeof value === 'number' ? [[key, String(value)]] : [],
    ),
  );

export const opsRoutes = <P extends AnyRoute>(parent: P) => {
  const shell = createRoute({ getParentRoute: () => parent, path: 'ops', component: OpsShell });
  const page = { getParentRoute: () => shell, validateSearch: textSearch } as const;
  return [
    shell.addChildren([
      createRoute({ ...page, path: '/', component: CommandLogPage }),
      createRoute({ ...page, path: 'commands/$id', component: CommandPage }),
      createRoute({ ...page, path: 'failures', component: FailuresPage }),
      createRoute({ ...page, path: 'shoppers', component: ShoppersPage }),
      createRoute({ ...page, path: 'shoppers/$owner', component: ShopperPage }),
      createRoute({ ...page, path: 'queues', component: QueuesPage }),
      createRoute({ ...page, path: 'audit', component: AuditPage }),
      createRoute({ ...page, path: 'health', component: HealthPage }),
      createRoute({ ...page, path: 'operators', component: OperatorsPage }),
    ]),
  ] as const;
};
