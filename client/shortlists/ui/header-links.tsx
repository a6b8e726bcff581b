import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useWishlist } from '../../wishlist/index.ts';
import { useCompareList } from './use-shortlists.ts';
import { useT } from '../../i18n/use-t.tsx';
import './header-links.css';

const ACTIVE = { 'aria-current': 'page', className: 'is-active' } as const;

interface ShortlistLinkProps {
  to: '/wishlist' | '/compare';
  name: 'wishlist' | 'compare';
  count: number;
  /** The icon's path (24 × 24, stroked). */
  icon: ReactNode;
}

/** A header link with an icon, a label (hidden on phones) and a count; screen readers hear one label with the count. */
function ShortlistLink({ to, name, count, icon }: ShortlistLinkProps) {
  const { t } = useT();
  return (
    <Link to={to} className="shortlist-link" activeProps={ACTIVE}>
      <svg className="shortlist-link__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        {icon}
      </svg>
      <span className="shortlist-link__label">{t(`shortlistsUi.nav.${name}`)}</span>{' '}
      <span className="shortlist-link__count" data-testid={`${name}-count`}>
        {count}
      </span>
    </Link>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinejoin: 'round' } as const;

/** The header's links to the wishlist and the compare list, each with its count (always shown, phone too). */
export function ShortlistHeaderLinks() {
  const wishlist = useWishlist().length;
  const compare = useCompareList().length;
  return (
    <>
      <ShortlistLink
        to="/wishlist"
        name="wishlist"
        count={wishlist}
        icon={<path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" {...stroke} />}
      />
      <ShortlistLink
        to="/compare"
        name="compare"
        count={compare}
        icon={<path d="M5 8h12m0 0-3-3m3 3-3 3M19 16H7m0 0 3-3m-3 3 3 3" {...stroke} strokeLinecap="round" />}
      />
    </>
  );
}
