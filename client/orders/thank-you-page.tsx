import { useParams } from '@tanstack/react-router';
import { Suspense } from 'react';
import { OrderPayment } from '../payments/index.ts';
import { useT } from '../i18n/use-t.tsx';
import { OrderOutcome } from './order-outcome.tsx';
import { useOrder, useOrderCommand, useOrders, useStartStoreClient } from './use-orders.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { DeliverySummary } from '../ui/delivery-summary.tsx';
import { OrderLines } from '../ui/order-lines.tsx';
import '../i18n/checkout-texts.ts';

/**
 * The thank-you page ('/checkout/thank-you/{orderId}'): the order's number, status and what was charged, where it
 * goes, how it is delivered and paid, and its lines; an order made offline is here at once as "waiting to be sent",
 * and the page sends a held one when the network is back.
 */
export function ThankYouPage() {
  const { t } = useT();
  useDocumentTitle(t('checkout.thankYou.title'));
  useStartStoreClient();
  const { orderId } = useParams({ strict: false }) as { orderId: string };
  const orders = useOrders();
  const order = useOrder(orderId);
  // A refused order is no order: the outcome says why, and "no such order" would only confuse.
  const place = useOrderCommand(orderId, 'order.place');
  return (
    <div className="page checkout-page" data-testid="thank-you-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('checkout.thankYou.title')}
      </h1>
      <OrderOutcome order={order} orderId={orderId} sendsHeld />
      {order && (
        // An order paid by card or PayPal starts paying at once; with credit, the application's status, live.
        <Suspense fallback={null}>
          <OrderPayment order={order} autoStart />
        </Suspense>
      )}
      {order && (
        <section aria-labelledby="thank-you-details" data-testid="thank-you-details">
          <h2 id="thank-you-details">{t('checkout.steps.shipping')}</h2>
          <DeliverySummary shipping={order.details.shipping} paymentMethod={order.paymentMethod} />
          <h2>{t('checkout.orders.lines')}</h2>
          <OrderLines lines={order.lines} />
        </section>
      )}
      {orders && !order && !place && <p data-testid="order-unknown">{t('checkout.thankYou.notFound')}</p>}
      <p>
        <SpaLink href="/my-account/orders">{t('checkout.thankYou.toOrders')}</SpaLink>
      </p>
    </div>
  );
}
