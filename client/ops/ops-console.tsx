import { useParams } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';
import { lazyComponent } from '../lib/lazy-when-reachable.ts';
import { useT } from '../i18n/use-t.tsx';
import { AuditPage } from './audit/audit-page.tsx';
import { CommandLogPage } from './commands/command-log-page.tsx';
import { CommandPage } from './commands/command-page.tsx';
import { FailuresPage } from './failures/failures-page.tsx';
import { OperatorsPage } from './operators/operators-page.tsx';
import { OpsShell } from './ops-shell.tsx';
import { QueuesPage } from './queues/queues-page.tsx';
import { ShopperPage } from './shoppers/shopper-page.tsx';
import { ShoppersPage } from './shoppers/shoppers-page.tsx';

/** The health charts bring uPlot: a chunk of their own, loaded when the section is first opened. */
const HealthPage = lazyComponent(() => import('./health/health-page.tsx'), 'HealthPage');

function NotFound() {
  const { t } = useT();
  return <p role="alert">{t('ops.empty')}</p>;
}

/** The section the path names (`/ops/<section>/<id>`): the console's own small router under its one route. */
const pageOf = (section: string, id: string | undefined): ReactNode => {
  switch (section) {
    case '':
      return <CommandLogPage />;
    case 'commands':
      return id ? <CommandPage key={id} id={id} /> : <CommandLogPage />;
    case 'failures':
      return <FailuresPage />;
    case 'shoppers':
      return id ? <ShopperPage key={id} owner={id} /> : <ShoppersPage />;
    case 'queues':
      return <QueuesPage />;
    case 'audit':
      return <AuditPage />;
    case 'health':
      return (
        <Suspense fallback={null}>
          <HealthPage />
        </Suspense>
      );
    case 'operators':
      return <OperatorsPage />;
    default:
      return <NotFound />;
  }
};

/** The console: its frame and the section the path names. */
export function OpsConsole() {
  const { _splat = '' } = useParams({ strict: false }) as { _splat?: string };
  const [section = '', id] = _splat.split('/').filter(Boolean);
  return <OpsShell section={section === 'commands' ? '' : section}>{pageOf(section, id)}</OpsShell>;
}
