import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import { importWhenReachable } from '../lib/import-when-reachable.ts';
import { OUT_OF_STOCK_IN_CART } from '../lib/shop-settings.ts';
import { opensMiniCart } from './mini-cart-click.ts';
import { useCartCount } from './use-cart.ts';
import { useT } from '../i18n/use-t.tsx';
import { lazyComponent } from '../lib/lazy-when-reachable.ts';
import './cart-badge.css';

/** Only the 'remove' setting acts on a line out of stock; the default flags it (client/cart/feature.ts). */
const OutOfStockRemoval = lazyComponent(() => import('./stock-check.ts'), 'OutOfStockRemoval');

/** The mini-cart's code is a chunk of its own, asked for when the link is pointed at, focused or pressed. */
const loadPanel = () => importWhenReachable(() => import('./mini-cart-panel.tsx'));
const MiniCartPanel = lazy(loadPanel);

/**
 * The header's cart link: a real link to /cart (a new tab, no script), whose plain click opens the mini-cart
 * (spec: microcart) instead; when the panel closes, focus comes back here.
 */
export function CartBadge() {
  const { t } = useT();
  const count = useCartCount();
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const onClose = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) link.current?.focus({ preventScroll: true });
  };
  // The badge is on every page: the stock check of the cart's lines (spec Cart step 7) runs wherever the shopper is.
  return (
    <>
      {OUT_OF_STOCK_IN_CART === 'remove' && (
        <Suspense fallback={null}>
          <OutOfStockRemoval />
        </Suspense>
      )}
      <Link
        ref={link}
        to="/cart"
        className="cart-link"
        activeProps={{ 'aria-current': 'page', className: 'is-active' }}
        // Away from the cart page the link opens a dialog (there it stays a plain link: mini-cart-click.ts).
        inactiveProps={{ 'aria-haspopup': 'dialog', 'aria-expanded': open }}
        onClick={(event) => {
          if (!opensMiniCart(event, event.currentTarget.getAttribute('aria-current') === 'page')) return;
          event.preventDefault();
          setOpen(true);
        }}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
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
      {open && (
        <Suspense fallback={null}>
          <MiniCartPanel onClose={onClose} />
        </Suspense>
      )}
    </>
  );
}
