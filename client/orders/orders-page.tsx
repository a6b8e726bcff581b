import { SettlementAmount } from './settlement-facts.tsx';
import '../i18n/checkout-texts.ts';
import { useT } from '../i18n/use-t.tsx';
import { useStartStoreClient } from './use-orders.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { StatusText } from './status-text.tsx';
import { useOrderRefusalText } from './refusal-text.ts';
import { useOrders } from './use-orders.ts';
import '../ui/form/form.css';
import './orders.css';

/** '/my-account/orders': the owner's orders, newest first, with their status in words and euro total. */
export function OrdersPage() {
  const { t, locale } = useT();
  useDocumentTitle(t('checkout.orders.title'));
  useStartStoreClient();
  const orders = useOrders();
  const refusalText = useOrderRefusalText();
  return (
    <div className="page account-page" data-testid="orders-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('checkout.orders.title')}
      </h1>
      {orders && orders.length === 0 && <p>{t('checkout.orders.empty')}</p>}
      {orders && orders.length > 0 && (
        <ul className="orders-list" data-testid="orders-list">
          {orders.map((order) => (
            <li
              key={order.orderId}
              className="orders-list__order account-card"
              data-testid="order-row"
              data-order-id={order.orderId}
            >
              <SpaLink href={`/my-account/orders/${order.orderId}`} className="orders-list__link">
                {order.orderNumber
                  ? t('checkout.orders.view', { number: order.orderNumber })
                  : t(order.status === 'refused' ? 'checkout.status.refused' : 'checkout.status.waiting')}
              </SpaLink>
              <span className="orders-list__date">{new Date(order.createdAt).toLocaleDateString(locale)}</span>
              <StatusText status={order.status} />
              <SettlementAmount order={order} />
              {order.refusal && (
                <p className="orders-list__refusal" data-testid="order-refusal">
                  {t('checkout.orders.refusedReason', { reason: refusalText(order.refusal) })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
