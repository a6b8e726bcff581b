import { useParams } from '@tanstack/react-router';
import { Suspense } from 'react';
import { OrderPayment } from '../payments/index.ts';
import { DeliverySummary } from '../ui/delivery-summary.tsx';
import { OrderLines } from '../ui/order-lines.tsx';
import '../i18n/checkout-texts.ts';
import { TotalsTable } from '../ui/totals-table.tsx';
import { useStartStoreClient } from './use-orders.ts';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { cancelOrder } from './order-actions.ts';
import { OrderOutcome } from './order-outcome.tsx';
import { cancellable } from './order-view.ts';
import { StatusHistory } from './status-history.tsx';
import { useOrder, useOrders } from './use-orders.ts';

/** '/my-account/orders/{orderId}': lines, totals, addresses, status history; cancel while not shipped. */
export function OrderPage() {
  const { t } = useT();
  useStartStoreClient();
  const { orderId } = useParams({ strict: false }) as { orderId: string };
  const orders = useOrders();
  const order = useOrder(orderId);
  const title = t('checkout.orders.detailTitle', { number: order?.orderNumber ?? t('checkout.status.waiting') });
  useDocumentTitle(title);
  if (orders && !order) {
    return (
      <div className="page account-page" data-testid="order-page">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          {t('checkout.orders.notFound')}
        </h1>
        <SpaLink href="/my-account/orders">{t('checkout.orders.back')}</SpaLink>
      </div>
    );
  }
  if (!order) return null;
  const { shipping, payment } = order.details;
  return (
    <div className="page account-page" data-testid="order-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {title}
      </h1>
      <OrderOutcome order={order} orderId={orderId} />
      <h2>{t('checkout.orders.lines')}</h2>
      <OrderLines lines={order.lines} />
      <TotalsTable totals={order.totals} caption={t('checkout.orders.totals')} />
      <h2>{t('checkout.steps.shipping')}</h2>
      <DeliverySummary shipping={shipping} paymentMethod={order.paymentMethod} />
      <Suspense fallback={null}>
        <OrderPayment order={order} />
      </Suspense>
      {payment.invoice && (
        <>
          <h2>{t('checkout.orders.invoice')}</h2>
          <p data-testid="order-invoice">
            {payment.invoice.company}, {t('checkout.payment.taxId')} {payment.invoice.taxId}
            {payment.invoice.vatNumber ? `, ${payment.invoice.vatNumber}` : ''}, {payment.invoice.mol},{' '}
            {payment.invoice.streetAddress}, {payment.invoice.city}
          </p>
        </>
      )}
      <StatusHistory history={order.history} />
      {cancellable(order.status) && (
        <Button
          type="button"
          variant="danger"
          data-testid="order-cancel"
          onClick={() => {
            if (window.confirm(t('checkout.orders.cancelConfirm'))) void cancelOrder(order.orderId);
          }}
        >
          {t('checkout.orders.cancel')}
        </Button>
      )}
      <p>
        <SpaLink href="/my-account/orders">{t('checkout.orders.back')}</SpaLink>
      </p>
    </div>
  );
}
