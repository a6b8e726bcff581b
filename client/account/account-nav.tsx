import { useRouterState } from '@tanstack/react-router';
import { SpaLink } from '../ui/spa-link.tsx';
import { useAccountSession } from './use-account.ts';
import '../i18n/checkout-texts.ts';
import { useT } from '../i18n/use-t.tsx';
import './account.css';

/** The account's pages (spec section 2). */
const SECTIONS = [
  { href: '/my-account', label: 'account.nav.home' },
  { href: '/my-account/orders', label: 'checkout.orders.nav' },
  { href: '/my-account/shipping-details', label: 'account.nav.shipping' },
  { href: '/my-account/invoice-details', label: 'account.nav.invoice' },
  { href: '/my-account/my-sell', label: 'account.nav.mySell' },
  { href: '/my-account/newsletter', label: 'account.nav.newsletter' },
  { href: '/my-account/recently-viewed', label: 'account.nav.recentlyViewed' },
] as const;

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The account's section links; the current one is marked for screen readers (aria-current) and by sight. Log out
 * ends the list: on phones the header shows only the account icon.
 */
export function AccountNav() {
  const { t } = useT();
  const session = useAccountSession();
  const pathname = withoutTrailingSlash(useRouterState({ select: (s) => s.location.pathname }));
  return (
    <nav className="account-nav" aria-label={t('account.nav.label')}>
      <ul className="account-nav__list">
        {SECTIONS.map(({ href, label }) => {
          const current = pathname === href;
          return (
            <li key={href}>
              <SpaLink
                href={href}
                className={`account-nav__link${current ? ' is-active' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                {t(label)}
              </SpaLink>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            className="account-nav__link account-nav__logout"
            onClick={() => void session?.logout()}
          >
            {t('account.menu.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
