import type { OrderDifference } from '../../schema/orders/order.ts';
import { EuroPrice } from '../ui/euro-price.tsx';
import { useT } from '../i18n/use-t.tsx';
import '../ui/order-parts.css';

const LINE_PRICE = /^lines\.(.+)\.unitPriceInclTaxEur$/;

/** What changed between what the shopper reviewed and what the store charges now, before → after. */
export function Differences({ differences }: { differences: readonly OrderDifference[] }) {
  const { t } = useT();
  const label = (field: string) => {
    const line = LINE_PRICE.exec(field);
    if (line) return t('checkout.confirm.linePrice', { sku: line[1] });
    if (field === 'coupon') return t('checkout.confirm.coupon');
    if (field === 'grand_total') return t('checkout.confirm.grandTotal');
    return field;
  };
  const value = (field: string, v: number | string | null) =>
    typeof v === 'number' && field !== 'coupon' ? <EuroPrice cents={v} /> : (v ?? '—');
  return (
    <table className="checkout-totals" data-testid="order-differences">
      <thead>
        <tr>
          <th scope="col">{t('checkout.confirm.field')}</th>
          <th scope="col">{t('checkout.confirm.before')}</th>
          <th scope="col">{t('checkout.confirm.after')}</th>
        </tr>
      </thead>
      <tbody>
        {differences.map((d) => (
          <tr key={d.field}>
            <th scope="row">{label(d.field)}</th>
            <td>{value(d.field, d.before)}</td>
            <td>{value(d.field, d.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
