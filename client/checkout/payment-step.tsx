import type { PaymentMethod } from '../../schema/checkout/methods.ts';
import { useCart } from '../cart/index.ts';
import { TextField } from '../ui/form/text-field.tsx';
import { useT } from '../i18n/use-t.tsx';
import { Choice } from './choice.tsx';
import { isOn } from './checkout-fields.ts';
import { CreditForm } from './credit-form.tsx';
import { FieldError } from './field-error.tsx';
import { reviewedLinesOf, reviewedTotalsOf } from './order-lines.ts';
import type { CheckoutForm } from './use-checkout-form.ts';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';
import './checkout.css';

/**
 * Step 3: how to pay (`methods`: those the store takes that the cart may use; cash on delivery is not offered for a
 * cart that never ships),
 * the credit application when buying on credit (credit-form.tsx), and a company invoice if wanted: company, ЕИК, VAT
 * number, МОЛ, address.
 */
export function PaymentStep({ form, methods }: { form: CheckoutForm; methods: readonly PaymentMethod[] }) {
  const { t } = useT();
  const cart = useCart();
  // The euro total the order charges (the review's figure, by the same totals function): what a credit finances.
  const totalEur = cart
    ? reviewedTotalsOf(reviewedLinesOf(cart.items), form.values.shippingMethod, 'credit', cart.coupon).grandTotalEur
    : 0;
  const methodError = form.errorOf('paymentMethod');
  const errorId = `${form.idOf('paymentMethod')}-error`;
  return (
    <>
      <fieldset className="checkout-fieldset" aria-describedby={methodError ? errorId : undefined}>
        <legend className="account-field__label">{t('checkout.payment.method')}</legend>
        {methods.map((method, index) => (
          <span key={method.code} id={index === 0 ? form.idOf('paymentMethod') : undefined} tabIndex={-1}>
            <Choice
              type="radio"
              name="paymentMethod"
              value={method.code}
              checked={form.values.paymentMethod === method.code}
              onChange={() => form.set('paymentMethod', method.code)}
              invalid={methodError !== undefined}
            >
              {t(method.titleKey as 'checkout.payment.banktransfer')}
            </Choice>
          </span>
        ))}
        <FieldError id={errorId} message={methodError} />
      </fieldset>
      {form.values.paymentMethod === 'credit' && <CreditForm form={form} totalEur={totalEur} />}
      <Choice
        type="checkbox"
        name="wantInvoice"
        value="true"
        checked={isOn(form.values.wantInvoice)}
        onChange={(checked) => form.set('wantInvoice', checked ? 'true' : '')}
      >
        {t('checkout.payment.wantInvoice')}
      </Choice>
      {isOn(form.values.wantInvoice) && (
        <fieldset className="checkout-fieldset">
          <legend className="account-field__label">{t('checkout.payment.invoice')}</legend>
          <TextField
            binding={form.field('company')}
            label={t('account.fields.company')}
            autoComplete="organization"
            required
          />
          <TextField
            binding={form.field('taxId')}
            label={t('checkout.payment.taxId')}
            autoComplete="off"
            inputMode="numeric"
            required
          />
          <TextField
            binding={form.field('vatNumber')}
            label={t('account.fields.vatNumber')}
            hint={t('account.fields.vatNumberHint')}
            autoComplete="off"
          />
          <TextField binding={form.field('mol')} label={t('account.fields.mol')} autoComplete="off" required />
          <TextField binding={form.field('invoiceCity')} label={t('account.fields.city')} autoComplete="off" required />
          <TextField
            binding={form.field('invoiceStreet')}
            label={t('account.fields.streetAddress')}
            autoComplete="off"
            required
          />
        </fieldset>
      )}
    </>
  );
}
