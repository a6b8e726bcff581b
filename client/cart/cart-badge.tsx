import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { OUT_OF_STOCK_IN_CART } from '../lib/shop-settings.ts';
import { useCartCount } from './use-cart.ts';
import { useT } from '../i18n/use-t.tsx';
import { lazyComponent } from '../lib/lazy-when-reachable.ts';

/** Only the 'remove' setting acts on a line out of stock; the default flags it (client/cart/feature.ts). */
const OutOfStockRemoval = lazyComponent(() => import('./stock-check.ts'), 'OutOfStockRemoval');

export function CartBadge() {
  const { t } = useT();
  const count = useCartCount();
  // The badge is on every page: the stock check of the cart's lines (spec Cart step 7) runs wherever the shopper is.
  return (
    <>
      {OUT_OF_STOCK_IN_CART === 'remove' && (
        <Suspense fallback={null}>
          <OutOfStockRemoval />
        </Suspense>
      )}
      <Link to="/cart" className="cart-link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
        <svg
          className="cart-link__icon"
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M6 7h12l-1 13H7L6 7Z M9 7V6a3 3 0 0 1 6 0v1"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span className="cart-link__label">{t('nav.cart')}</span>{' '}
        <span className={`cart-link__count${count === 0 ? ' is-empty' : ''}`} data-testid="cart-badge">
          {count}
        </span>
      </Link>
    </>
  );
}
