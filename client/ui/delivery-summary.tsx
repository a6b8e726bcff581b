import { shippingMethodByCode } from '../../schema/checkout/methods.ts';
import { useT } from '../i18n/use-t.tsx';
import { userTextLang } from './user-text-lang.ts';
import './order-parts.css';

/** Where and how an order goes, as typed on the checkout's steps or as the order keeps it. */
export interface ShownDelivery {
  firstName: string;
  lastName: string;
  streetAddress: string;
  city: string;
  zipCode: string;
  phoneNumber: string;
  shippingMethod: string;
  officeName?: string | undefined;
}

/**
 * The address, the phone, the delivery and the payment method of an order: on the checkout's review before
 * "Поръчай" (so a typo is seen while it can be fixed), on the thank-you page after it, and on the order's page.
 */
export function DeliverySummary({ shipping, paymentMethod }: { shipping: ShownDelivery; paymentMethod: string }) {
  const { t, language } = useT();
  const method = shippingMethodByCode(shipping.shippingMethod);
  // What the shopper typed (a Bulgarian street and town): marked Bulgarian on an English page.
  const typed = [shipping.firstName, shipping.lastName, shipping.streetAddress, shipping.city, shipping.officeName];
  return (
    <dl className="order-facts" data-testid="order-delivery">
      <dt>{t('checkout.orders.shippingTo')}</dt>
      <dd data-testid="order-address" lang={userTextLang(typed.join(' '), language)}>
        {shipping.firstName} {shipping.lastName}, {shipping.streetAddress}, {shipping.zipCode} {shipping.city}
        {method?.needsOffice && shipping.officeName ? ` (${shipping.officeName})` : ''}
      </dd>
      <dt>{t('checkout.orders.phone')}</dt>
      <dd>{shipping.phoneNumber}</dd>
      <dt>{t('checkout.shipping.method')}</dt>
      <dd data-testid="order-shipping-method">
        {method ? t(method.titleKey as 'checkout.shipping.courier') : shipping.shippingMethod}
      </dd>
      <dt>{t('checkout.payment.method')}</dt>
      <dd data-testid="order-payment-method">{t(`checkout.payment.${paymentMethod as 'card'}`)}</dd>
    </dl>
  );
}
