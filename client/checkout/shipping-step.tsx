import { SHIPPING_METHODS, shippingMethodByCode } from '../../schema/checkout/methods.ts';
import { AddressFields } from '../ui/form/address-fields.tsx';
import { TextField } from '../ui/form/text-field.tsx';
import { useMessageText } from '../ui/form/use-message-text.ts';
import { useT } from '../i18n/use-t.tsx';
import { CityField } from '../places/index.ts';
import { Choice } from './choice.tsx';
import { EuroPrice } from '../ui/euro-price.tsx';
import { FieldError } from './field-error.tsx';
import type { CheckoutForm } from './use-checkout-form.ts';
import '../ui/form/form.css';
import './checkout.css';

/** Step 2: how and where to: the store's methods with their euro prices, the address, the city with its postcode. */
export function ShippingStep({ form }: { form: CheckoutForm }) {
  const { t } = useT();
  const text = useMessageText();
  const methodError = form.errorOf('shippingMethod');
  const cityError = form.errorOf('city');
  const zipError = form.errorOf('zipCode');
  return (
    <>
      <fieldset
        className="checkout-fieldset"
        aria-describedby={methodError ? `${form.idOf('shippingMethod')}-error` : undefined}
      >
        <legend className="account-field__label">{t('checkout.shipping.method')}</legend>
        {SHIPPING_METHODS.map((method) => (
          <Choice
            key={method.code}
            type="radio"
            name="shippingMethod"
            value={method.code}
            checked={form.values.shippingMethod === method.code}
            onChange={() => form.set('shippingMethod', method.code)}
          >
            {t(method.titleKey as 'checkout.shipping.courier')}{' '}
            {method.priceInclTaxEur === 0 ? t('checkout.shipping.free') : <EuroPrice cents={method.priceInclTaxEur} />}
          </Choice>
        ))}
        <FieldError id={`${form.idOf('shippingMethod')}-error`} message={methodError} />
      </fieldset>
      {shippingMethodByCode(form.values.shippingMethod)?.needsOffice && (
        <TextField
          binding={form.field('officeName')}
          label={t('checkout.shipping.officeName')}
          autoComplete="off"
          required
        />
      )}
      <AddressFields
        bindings={{
          firstName: form.field('shipFirstName'),
          lastName: form.field('shipLastName'),
          streetAddress: form.field('streetAddress'),
          phoneNumber: form.field('phoneNumber'),
        }}
      >
        <CityField
          city={form.values.city}
          zipCode={form.values.zipCode}
          onChange={({ city, zipCode }) => form.setMany({ city, zipCode })}
          errors={{ city: cityError && text(cityError), zipCode: zipError && text(zipError) }}
        />
      </AddressFields>
    </>
  );
}
