import { useEffect, useSyncExternalStore } from 'react';
import { useOrderRefusalText } from './refusal-text.ts';
import { useT } from '../i18n/use-t.tsx';
import { useSyncState } from '../store/index.ts';
import { Button } from '../ui/button.tsx';
import { Differences } from './differences.tsx';
import { deferredChanged$, deferredOrders } from '../lib/offline-orders-store.ts';
import { getStoreClient } from '../store/index.ts';
import { notify } from '../ui/notifications.tsx';
import { sendDeferredOrders } from './offline-orders.ts';
import { cancelOrder, confirmOrder } from './order-actions.ts';
import type { ShownOrder } from './order-view.ts';
import { SettlementFacts } from './settlement-facts.tsx';
import { StatusText } from './status-text.tsx';
import { useOrderCommand } from './use-orders.ts';
import '../ui/order-parts.css';

const subscribeHeld = (listener: () => void) => {
  const subscription = deferredChanged$.subscribe(listener);
  return () => subscription.unsubscribe();
};
const heldSnapshot = () =>
  deferredOrders()
    .map((order) => order.payload.orderId)
    .join();

/** The shopper sends an order made offline that waited for their word: it becomes its `order.place` now. */
const sendHeld = async (orderId: string): Promise<void> => {
  try {
    const client = await getStoreClient();
    await sendDeferredOrders((type, payload) => client.dispatch(type, payload), [orderId]);
  } catch (error) {
    console.error('[orders] the order made offline could not be stored', error);
    notify({ kind: 'error', message: { key: 'notify.dispatchError' } });
  }
};

/**
 * What became of an order, never silent: 'Processing order...' while it is on its way, "waiting to be sent" while
 * the device keeps it (with the shopper's "send" when the shop asks to confirm orders made offline), the refusal
 * with its message, the changed figures to confirm or cancel, or its number, status and the amount: due, or paid (how and when).
 */
export function OrderOutcome({
  order,
  orderId,
  sendsHeld,
}: {
  order: ShownOrder | undefined;
  orderId: string;
  /** The thank-you page sends a held order at reconnect (spec); the order's page asks first. */
  sendsHeld?: boolean;
}) {
  const { t } = useT();
  // A known refusal in the shopper's language; another is the server's own words, never nothing.
  const refusalText = useOrderRefusalText();
  const place = useOrderCommand(orderId, 'order.place');
  const online = useSyncState()?.online ?? true;
  const held = useSyncExternalStore(subscribeHeld, heldSnapshot).split(',').includes(orderId);
  // Spec: at reconnect the order queue is sent when "the current page is the thank-you page".
  useEffect(() => {
    if (sendsHeld && held && online) void sendHeld(orderId);
  }, [sendsHeld, held, online, orderId]);

  // Refused: this session's answer, or (another session, another device) the refusal the orders view keeps.
  const refusal = place?.status === 'rejected' || place?.status === 'failed' ? place.error : order?.refusal;
  if (refusal || order?.status === 'refused') {
    return (
      <p role="alert" className="banner banner--error" data-testid="order-refused">
        {t('checkout.refused', { message: refusalText(refusal) })}
      </p>
    );
  }
  if (!order) return null;
  return (
    <div className="order-outcome" data-testid="order-outcome">
      <dl className="order-facts">
        <dt>{t('checkout.thankYou.number')}</dt>
        <dd data-testid="order-number">{order.orderNumber ?? t('checkout.thankYou.pendingNumber')}</dd>
        <dt>{t('checkout.thankYou.status')}</dt>
        <dd>
          <StatusText status={order.status} />
        </dd>
        <SettlementFacts order={order} />
      </dl>
      <div role="status">
        {order.status === 'waiting' && online && !held && (
          <p className="banner banner--info">{t('checkout.review.processing')}</p>
        )}
        {order.status === 'waiting' && (!online || held) && (
          <p className="banner banner--info" data-testid="order-waiting">
            {t('checkout.thankYou.waiting')}
          </p>
        )}
      </div>
      {order.status === 'waiting' && held && online && (
        <Button type="button" onClick={() => void sendHeld(orderId)} data-testid="order-send">
          {t('checkout.offlineOrder.send')}
        </Button>
      )}
      {order.status === 'needs_confirmation' && (
        <section aria-labelledby="order-confirm-title" className="order-confirm" data-testid="order-confirm">
          <h2 id="order-confirm-title">{t('checkout.confirm.title')}</h2>
          <p>{t('checkout.confirm.intro')}</p>
          <Differences differences={order.differences ?? []} />
          <div className="checkout-actions">
            <Button
              type="button"
              onClick={() => void confirmOrder(orderId, order.totals.grandTotalEur)}
              data-testid="order-accept"
            >
              {t('checkout.confirm.accept')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => void cancelOrder(orderId)}
              data-testid="order-decline"
            >
              {t('checkout.confirm.cancel')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
