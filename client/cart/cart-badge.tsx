import { Link } from '@tanstack/react-router';
import { useOutOfStockRemoval } from './stock-check.ts';
import { useCartCount } from './use-cart.ts';
import { useT } from '../i18n/use-t.tsx';

export function CartBadge() {
  const { t } = useT();
  const count = useCartCount();
  // The badge is on every page: the stock check of the cart's lines (spec Cart step 7) runs wherever the shopper is.
  useOutOfStockRemoval();
  return (
    <Link to="/cart" className="cart-link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
      <svg className="cart-link__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
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
  );
}
