import './add-texts.ts';
import { useEffect, useId, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useModalSheet } from '../ui/modal-sheet.ts';
import { useT } from '../i18n/use-t.tsx';
import { CartLines } from './cart-lines.tsx';
import { CartSummaryTotals } from './cart-summary.tsx';
import { useCart } from './use-cart.ts';
import './cart-empty.css';
import './mini-cart.css';

/**
 * The mini-cart (spec: microcart), a modal <dialog> shown as it mounts: the cart's lines with their buttons, the
 * totals and the ways on, to the cart page and to checkout. It reads the same optimistic cart as the cart page, so
 * it is right offline and follows the other tabs. Focus moves to its close button and stays inside (Tab wraps);
 * Escape, the close button and the backdrop close it and hand focus back to the cart link (`onClose(true)`); a
 * link or a navigation elsewhere closes it too, and leaves focus to the new page (`onClose(false)`). Its own chunk,
 * loaded when the cart link is first pointed at, focused or pressed (cart-badge.tsx).
 */
export default function MiniCartPanel({ onClose }: { onClose: (returnFocus: boolean) => void }) {
  const { t } = useT();
  const cart = useCart();
  const { close, leave, leaving, dialogProps } = useModalSheet();
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // A line removed from its own button leaves focus nowhere (the body): it goes to the panel's title, not lost.
  const lineCount = cart?.items.length;
  useEffect(() => {
    const active = document.activeElement;
    const open = heading.current?.closest('dialog')?.open === true;
    if (open && (active === null || active === document.body)) heading.current?.focus();
  }, [lineCount]);

  return (
    <dialog
      {...dialogProps}
      className="modal-sheet mini-cart"
      aria-labelledby={titleId}
      onClose={() => onClose(!leaving.current)}
      data-testid="mini-cart"
    >
      <div className="mini-cart__panel">
        <div className="modal-sheet__head mini-cart__head">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="modal-sheet__title">
            {t('cartPage.mini.title')}
          </h2>
          <button type="button" className="modal-sheet__close" onClick={close}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('cartPage.mini.close')}</span>
          </button>
        </div>
        {!cart ? (
          <p className="mini-cart__note muted" aria-busy="true">
            {t('cart.loading')}
          </p>
        ) : cart.items.length === 0 ? (
          <div className="mini-cart__empty">
            <p className="empty__text">{t('cart.empty')}</p>
            <Link to="/" className="btn btn--secondary btn--md" onClick={leave}>
              {t('cart.browse')}
            </Link>
          </div>
        ) : (
          <>
            <section className="mini-cart__body" aria-label={t('cart.lines')}>
              <p className="mini-cart__count">{t('cart.itemCount', { count: cart.totals.itemCount })}</p>
              <CartLines cart={cart} />
            </section>
            <div className="mini-cart__foot">
              <CartSummaryTotals cart={cart} />
              <div className="mini-cart__actions">
                <Link to="/cart" className="btn btn--secondary btn--md btn--block" onClick={leave}>
                  {t('cartPage.mini.toCart')}
                </Link>
                <Link
                  to="/checkout"
                  className="btn btn--primary btn--md btn--block"
                  onClick={leave}
                  data-testid="mini-cart-checkout"
                >
                  {t('cartPage.mini.checkout')}
                </Link>
              </div>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
