import type { CheckoutTotals } from '../../schema/checkout/totals.ts';
import type { ReviewedLine } from '../../schema/orders/order-commands.ts';
import { useT } from '../i18n/use-t.tsx';
import { Choice } from './choice.tsx';
import { isOn } from './checkout-fields.ts';
import { DeliverySummary } from '../ui/delivery-summary.tsx';
import { OrderLines } from '../ui/order-lines.tsx';
import { shippingInput } from './checkout-details.ts';
import { TotalsTable } from '../ui/totals-table.tsx';
import { FieldError } from './field-error.tsx';
import type { CheckoutForm } from './use-checkout-form.ts';
import '../ui/form/form.css';

/**
 * Step 4: where and how the order goes and is paid (as typed on the steps before), the lines and the euro totals,
 * exactly what will be charged (leva beside for reference), and the terms.
 */
export function ReviewStep({
  form,
  lines,
  totals,
}: {
  form: CheckoutForm;
  lines: readonly ReviewedLine[];
  totals: CheckoutTotals;
}) {
  const { t } = useT();
  const termsError = form.errorOf('termsAccepted');
  const errorId = `${form.idOf('termsAccepted')}-error`;
  return (
    <>
      <h3 className="checkout-subtitle">{t('checkout.steps.shipping')}</h3>
      <DeliverySummary shipping={shippingInput(form.values)} paymentMethod={form.values.paymentMethod} />
      <h3 className="checkout-subtitle">{t('checkout.review.lines')}</h3>
      <OrderLines
        lines={lines.map((line) => ({ ...line, lineTotalEur: line.unitPriceInclTaxEur * line.qty }))}
        testId="review-lines"
      />
      <TotalsTable totals={totals} caption={t('checkout.review.totals')} />
      <p className="account-field__hint">{t('checkout.review.charged', { rate: totals.rate })}</p>
      <span id={form.idOf('termsAccepted')} tabIndex={-1}>
        <Choice
          type="checkbox"
          name="termsAccepted"
          value="true"
          checked={isOn(form.values.termsAccepted)}
          onChange={(checked) => form.set('termsAccepted', checked ? 'true' : '')}
          describedBy={termsError ? errorId : undefined}
          invalid={termsError !== undefined}
        >
          {t('checkout.review.terms')}
        </Choice>
      </span>
      <FieldError id={errorId} message={termsError} />
    </>
  );
}
