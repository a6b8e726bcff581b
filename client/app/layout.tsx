import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Notifications } from '../ui/notifications.tsx';
import { Button } from '../ui/button.tsx';
import { CommandNotifications, useStoreClientState } from '../store/index.ts';
import { Header } from './header.tsx';
import { LazyFooter } from '../navigation/index.ts';
import { peekBootAnswer } from '../lib/boot-answers.ts';
import { useT } from '../i18n/use-t.tsx';
import { lazyComponent } from '../lib/lazy-when-reachable.ts';
import './layout.css';

/** The account's notices (guard warning, logout notice, sign-up modal): their own chunk, off the first page's budget. */
const AccountNotices = lazyComponent(() => import('../account/account-notices.tsx'), 'AccountNotices');

/** The server's decisions kept until acknowledged (client/notices): their own chunk too. */
const LastingNotices = lazyComponent(() => import('../notices/lasting-notices.tsx'), 'LastingNotices');

/** After an in-app navigation, move focus to the new page's heading so keyboard and screen reader users land there. */
function useFocusOnNavigation() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>('[data-page-heading]');
    heading?.focus({ preventScroll: true });
  }, [pathname]);
}

function StartupError() {
  const { t } = useT();
  return (
    <div className="banner banner--error" role="alert">
      <p>
        <strong>{t('startup.title')}</strong> {t('startup.text')}
      </p>
      <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
        {t('startup.reload')}
      </Button>
    </div>
  );
}

export function Layout() {
  const { t } = useT();
  const clientState = useStoreClientState();
  // The init answer the page came with, read before home takes it: the menu (until the catalogue has arrived)
  // and the footer read their links from it, so a first visit asks the server for it no second time.
  const [bootInit] = useState(() => peekBootAnswer('/api/catalog/init'));
  useFocusOnNavigation();
  // The operator console (client/ops) draws its own frame: the shop's header, footer and notices are not its.
  const inConsole = useRouterState({ select: (s) => /^\/ops(\/|$)/.test(s.location.pathname) });
  if (inConsole) return <Outlet />;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header bootInit={bootInit} />
      <main id="main" className="container main" tabIndex={-1}>
        {clientState.status === 'failed' && <StartupError />}
        {/* Loaded once the store has started: before that there is no session to tell anything about, and the
            guard's warning comes from a guard that starts the store itself. */}
        {clientState.status === 'ready' && (
          <Suspense fallback={null}>
            <AccountNotices />
            <LastingNotices />
          </Suspense>
        )}
        <Outlet />
      </main>
      <LazyFooter bootInit={bootInit} />
      <Notifications />
      <CommandNotifications />
    </div>
  );
}
