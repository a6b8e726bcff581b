import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCompareList, useWishlist } from './use-shortlists.ts';

/** The header's links to the wishlist and the compare list, each with its count (always shown, phone too). */
export function ShortlistHeaderLinks() {
  const { t } = useTranslation();
  const wishlist = useWishlist().length;
  const compare = useCompareList().length;
  const active = { 'aria-current': 'page', className: 'is-active' } as const;
  return (
    <>
      <Link
        to="/wishlist"
        className="shortlist-link"
        aria-label={t('shortlistsUi.nav.wishlistLabel', { count: wishlist })}
        activeProps={active}
      >
        <svg className="shortlist-link__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span className="shortlist-link__label" aria-hidden="true">
          {t('shortlistsUi.nav.wishlist')}
        </span>
        <span className="shortlist-link__count" data-testid="wishlist-count" aria-hidden="true">
          {wishlist}
        </span>
      </Link>
      <Link
        to="/compare"
        className="shortlist-link"
        aria-label={t('shortlistsUi.nav.compareLabel', { count: compare })}
        activeProps={active}
      >
        <svg className="shortlist-link__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M5 8h12m0 0-3-3m3 3-3 3M19 16H7m0 0 3-3m-3 3 3 3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="shortlist-link__label" aria-hidden="true">
          {t('shortlistsUi.nav.compare')}
        </span>
        <span className="shortlist-link__count" data-testid="compare-count" aria-hidden="true">
          {compare}
        </span>
      </Link>
    </>
  );
}
