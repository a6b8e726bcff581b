import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { AccountMenu } from '../account/index.ts';
import { CartBadge } from '../cart/index.ts';
import { SearchPanel } from '../catalog/search/index.ts';
import { LazyMenuBar, MenuDrawer } from '../navigation/index.ts';
import { ShortlistHeaderLinks } from '../shortlists/index.ts';
import { SyncIndicator } from '../store/index.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { useT } from '../i18n/use-t.tsx';
import './header.css';

/**
 * Memoised: the layout renders again whenever the router's state moves (a navigation's start and end, the first
 * load's settling), synchronously; the header's widgets follow their own stores and need none of those renders.
 *
 * Phones (below 992 px): the menu button, the brand and the shopper's links on one row, the search with the
 * sync state and the language on the next (the sync state is always visible). From 992 px: one row, and the
 * categories' menu bar below it.
 */
export const Header = memo(function Header({ bootInit }: { bootInit: unknown }) {
  const { t } = useT();
  return (
    <header className="site-header" data-testid="site-header">
      <div className="site-header__inner container">
        <div className="site-header__menu">
          <MenuDrawer bootInit={bootInit} />
        </div>
        <Link to="/" className="brand">
          <svg className="brand__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path
              d="M10 13h12l-1 11H11l-1-11Zm3 0v-1a3 3 0 0 1 6 0v1"
              fill="none"
              stroke="#fff"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          <span className="brand__name" data-testid="brand-name">
            {t('app.name')}
          </span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.tools')}>
          <ShortlistHeaderLinks />
          <AccountMenu />
          <CartBadge />
        </nav>
        <SearchPanel />
        <div className="site-header__status">
          <SyncIndicator />
          <LanguageSwitch />
        </div>
      </div>
      <LazyMenuBar bootInit={bootInit} />
    </header>
  );
});
