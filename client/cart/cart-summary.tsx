import type { TotalSegmentCode } from '../../schema/checkout/totals.ts';
import { EuroPrice } from '../ui/euro-price.tsx';
import { useT } from '../i18n/use-t.tsx';
import type { OptimisticCart } from './feature.ts';
import './cart-summary.css';

/** Segments always shown; the others only when they are not zero (a discount, shipping, a payment fee). */
const ALWAYS: ReadonlySet<TotalSegmentCode> = new Set(['subtotal', 'tax', 'grand_total']);

/**
 * The cart's totals in euro (spec: total segments), as `checkoutTotals` gives them on this device: the same function
 * the server's totals call, so online and offline show the same figures the order will charge.
 */
export function CartSummaryTotals({ cart }: { cart: OptimisticCart }) {
  const { t } = useT();
  const segments = cart.checkout.segments.filter((s) => ALWAYS.has(s.code) || s.valueEur !== 0);
  return (
    <>
      <dl className="totals" data-testid="cart-totals">
        {segments.map((segment) => (
          <div
            key={segment.code}
            className={`totals__row totals__row--${segment.code}`}
            data-testid={`cart-total-${segment.code}`}
          >
            <dt>{t(`cartPage.totals.${segment.code}`)}</dt>
            <dd>
              <EuroPrice cents={segment.valueEur} size={segment.code === 'grand_total' ? 'lg' : 'md'} />
            </dd>
          </div>
        ))}
      </dl>
      {!cart.shipping && <p className="summary__note">{t('cartPage.totals.shippingLater')}</p>}
      <p className="summary__note">{t('cartPage.totals.charged')}</p>
    </>
  );
}
