import type { CheckoutTotals } from '../../schema/checkout/totals.ts';
import { useT } from '../i18n/use-t.tsx';
import { EuroPrice } from './euro-price.tsx';
import './order-parts.css';

/** The spec's total segments, in euro with leva beside: exactly what the order charges. */
export function TotalsTable({ totals, caption }: { totals: CheckoutTotals; caption: string }) {
  const { t } = useT();
  return (
    <table className="checkout-totals" data-testid="checkout-totals">
      <caption className="checkout-totals__caption">{caption}</caption>
      <tbody>
        {totals.segments
          .filter((s) => s.code !== 'discount' || s.valueEur !== 0)
          .map((segment) => (
            <tr key={segment.code} data-segment={segment.code}>
              <th scope="row">{t(`checkout.segments.${segment.code}`)}</th>
              <td data-testid={`total-${segment.code}`}>
                <EuroPrice cents={segment.valueEur} />
              </td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
