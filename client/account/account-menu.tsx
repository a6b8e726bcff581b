import { useId } from 'react';
import type { User } from '../../schema/account/user.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { displayName, useStartedAccountSession, useUser } from './use-account.ts';
import { useDisclosure } from './use-disclosure.ts';
import { useT } from '../i18n/use-t.tsx';
import './account-menu.css';

const personIcon = (
  <svg className="account-menu__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path
      d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
  </svg>
);

/** A guest: Log in, one press away (the login page links to Register); Register beside it on wide screens. */
function GuestLinks() {
  const { t } = useT();
  return (
    <span className="account-menu" data-testid="account-menu">
      <SpaLink href="/login" className="account-menu__link">
        {personIcon}
        <span className="account-menu__label">{t('account.menu.login')}</span>
      </SpaLink>
      <SpaLink href="/register" className="account-menu__link account-menu__wide">
        {t('account.menu.register')}
      </SpaLink>
    </span>
  );
}

/** A user: their name on a button that opens My account and Log out (one control, so the header stays narrow). */
function UserMenu({ user }: { user: User }) {
  const { t } = useT();
  const session = useStartedAccountSession();
  const panelId = useId();
  const { open, setOpen, toggle, root, button } = useDisclosure<HTMLDivElement, HTMLButtonElement>();
  const name = displayName(user);
  return (
    <div className="account-menu" data-testid="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="account-menu__link"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('account.menu.myAccountLabel', { name })}
        onClick={toggle}
      >
        {personIcon}
        <span className="account-menu__label account-menu__name" data-testid="account-name">
          {name}
        </span>
      </button>
      <ul id={panelId} className="account-menu__panel" hidden={!open}>
        <li>
          <SpaLink href="/my-account" className="account-menu__item" onClick={() => setOpen(false)}>
            {t('account.nav.label')}
          </SpaLink>
        </li>
        <li>
          <button
            type="button"
            className="account-menu__item"
            onClick={() => {
              setOpen(false);
              void session?.logout();
            }}
          >
            {t('account.menu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}

/**
 * The header's account widget, for the nav beside the cart. Only its icon while the stored session is being
 * read, so a logged-in user never sees the guest links flash. Below 1440 px only the icon shows, its label kept for screen
 * readers (the header holds the search, the shortlists and the cart on one row from 768 px).
 */
export function AccountMenu() {
  const user = useUser();
  // The icon is there from the first paint (issue 29, item 14); what it leads to waits for the stored session.
  if (user === undefined) {
    return (
      <span className="account-menu account-menu--pending" aria-hidden="true">
        <span className="account-menu__link">{personIcon}</span>
      </span>
    );
  }
  return user ? <UserMenu key={user.id} user={user} /> : <GuestLinks />;
}
