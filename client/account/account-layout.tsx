import { Outlet } from '@tanstack/react-router';
import { AccountGuard } from './account-guard.tsx';
import { AccountNav } from './account-nav.tsx';
import './account.css';

/** '/my-account' and its pages: behind the guard, with the section links beside (below on phones) the page. */
export function AccountLayout() {
  return (
    <AccountGuard>
      <div className="account-layout" data-testid="account-layout">
        <div className="account-layout__content">
          <Outlet />
        </div>
        <AccountNav />
      </div>
    </AccountGuard>
  );
}
