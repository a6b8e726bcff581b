import { Link } from '@tanstack/react-router';
import { useDispatch, useSyncState } from '../store/index.ts';
import { Button } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm-dialog.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { EuroPrice } from '../ui/euro-price.tsx';
import './add-texts.ts';
import { CartLines } from './cart-lines.tsx';
import { CartSummaryTotals } from './cart-summary.tsx';
import { CouponForm } from './coupon-form.tsx';
import { SendByEmailButton } from '../alerts/index.ts';
import { useCart } from './use-cart.ts';
import { useT } from '../i18n/use-t.tsx';
import './cart-empty.css';
import './cart-page.css';

export function CartPage() {
  const { t } = useT();
  useDocumentTitle(t('cart.title'));
  const cart = useCart();
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const { online, waiting } = useSyncState();

  const clear = async () => {
    const ok = await confirm({
      title: t('confirm.clearTitle'),
      text: t('confirm.clearText'),
      confirmLabel: t('confirm.clearConfirm'),
      danger: true,
    });
    if (ok) await dispatch('cart.clear', {});
  };

  return (
    <div className="page cart-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('cart.heading')}
      </h1>
      {waiting > 0 && (
        <p className={`banner ${online ? 'banner--info' : 'banner--offline'}`} data-testid="cart-pending">
          {online ? t('cart.pendingOnline') : t('cart.pendingOffline')}
        </p>
      )}
      {!cart ? (
        <p className="muted" aria-busy="true">
          {t('cart.loading')}
        </p>
      ) : cart.items.length === 0 ? (
        <div className="empty">
          <p className="empty__text">{t('cart.empty')}</p>
          <Link to="/" className="btn btn--primary btn--md">
            {t('cart.browse')}
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <section aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="visually-hidden">
              {t('cart.lines')}
            </h2>
            <CartLines cart={cart} />
          </section>
          <aside className="summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="summary__title">
              {t('cart.summary')}
            </h2>
            <p className="summary__count">{t('cart.itemCount', { count: cart.totals.itemCount })}</p>
            <CouponForm coupon={cart.coupon} />
            <CartSummaryTotals cart={cart} />
            <div className="summary__total visually-hidden" data-testid="cart-total">
              <span>{t('cart.grandTotal')}</span>
              <EuroPrice cents={cart.checkout.grandTotalEur} size="lg" />
            </div>
            <Link to="/checkout" className="btn btn--primary btn--md btn--block" data-testid="cart-checkout">
              {t('cartPage.checkout')}
            </Link>
            <Button variant="quiet" onClick={() => void clear()} block>
              {t('cart.clear')}
            </Button>
            <SendByEmailButton list="cart" />
          </aside>
        </div>
      )}
    </div>
  );
}
