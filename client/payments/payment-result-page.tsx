import { useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { getStoreClient, useStoreClient, useSyncState } from '../store/index.ts';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { useObservable } from '../ui/use-observable.ts';
import './add-texts.ts';
import { FailureText } from './failure-text.tsx';
import { lastPaidOrder, rememberedAttempt } from './attempt-memory.ts';
import { askSwitchToOffline } from './pay.ts';
import { paymentResultOf, type PaymentResult } from './payment-view.ts';
import { usePayNow } from './use-pay.ts';
import '../ui/form/form.css';
import '../ui/order-parts.css';

/** The settled result in words (the declined try's own message when the provider gave one). */
function ResultText({ result }: { result: Exclude<PaymentResult, { kind: 'checking' }> }) {
  const { t } = useT();
  switch (result.kind) {
    case 'declined':
      return (
        <>
          {result.message
            ? t('payments.result.declined', { message: result.message })
            : t('payments.result.declinedGeneric')}
        </>
      );
    case 'paid':
      return <>{t('payments.result.paid')}</>;
    case 'expired':
      return <>{t('payments.result.expired')}</>;
    case 'refunded':
      return <>{t('payments.result.refunded')}</>;
    case 'offline':
      return <>{t('payments.result.offline')}</>;
  }
}

/**
 * '/payment/result/{orderId}': where the gateway sends the shopper back (through the server, which has settled
 * what it could from the gateway's answer). It says "checking" until the device's copy of the order, live from
 * the store, says paid, or back to awaiting with the declined try's words; then "try again" or "pay on delivery".
 * A guest's orders are on the device as a user's are, so it works for both.
 */
export function PaymentResultPage() {
  const { t } = useT();
  useDocumentTitle(t('payments.result.title'));
  useEffect(() => {
    void getStoreClient();
  }, []);
  const params = useParams({ strict: false }) as { orderId?: string };
  // '/payment/result' alone: the server could not tell which order the answer was for; this tab knows its own.
  const [fallbackOrderId] = useState(lastPaidOrder);
  const orderId = params.orderId ?? fallbackOrderId ?? '';
  const client = useStoreClient();
  const orders = useObservable(client?.orders$);
  const user = useObservable(client?.account.user$);
  const online = useSyncState().online;
  const attemptId = useMemo(() => rememberedAttempt(orderId), [orderId]);
  const order = orders?.find((o) => o.orderId === orderId);
  const result = paymentResultOf(order, attemptId);
  const { phase, pay } = usePayNow(orderId);
  const outcomeRef = useRef<HTMLHeadingElement>(null);
  const settled = result.kind !== 'checking';

  // The answer is what the shopper came back for: focus goes to it as soon as it is known.
  useEffect(() => {
    if (settled) outcomeRef.current?.focus();
  }, [settled, result.kind]);

  if (orders && !order) {
    return (
      <div className="page checkout-page" data-testid="payment-result-page">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          {t('payments.result.notFound')}
        </h1>
      </div>
    );
  }
  const busy = phase.kind === 'starting' || phase.kind === 'redirecting';
  const orderHref = user ? `/my-account/orders/${orderId}` : `/checkout/thank-you/${orderId}`;
  return (
    <div className="page checkout-page" data-testid="payment-result-page" data-result={result.kind}>
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('payments.result.title')}
        {order?.orderNumber ? ` ${order.orderNumber}` : ''}
      </h1>
      <div role="status" aria-live="polite">
        {result.kind !== 'checking' ? (
          <h2 ref={outcomeRef} tabIndex={-1} data-testid="payment-result">
            <ResultText result={result} />
          </h2>
        ) : (
          <p className="banner banner--info" data-testid="payment-checking">
            {t('payments.result.checking')}
          </p>
        )}
        {busy && <p className="banner banner--info">{t('payments.redirecting')}</p>}
      </div>
      {phase.kind === 'failed' && (
        <p role="alert" className="banner banner--error" data-testid="payment-failed">
          <FailureText phase={phase} />
        </p>
      )}
      {result.kind === 'declined' && (
        <div className="checkout-actions">
          <Button type="button" onClick={pay} disabled={busy || !online} data-testid="payment-retry">
            {t('payments.retry')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            onClick={() => void askSwitchToOffline(orderId, t('payments.switchConfirm'))}
            data-testid="payment-switch-offline"
          >
            {t('payments.switchShort')}
          </Button>
          {!online && <p className="account-field__hint">{t('payments.needsOnline')}</p>}
        </div>
      )}
      <p>
        <SpaLink href={orderHref}>{t('payments.result.toOrder')}</SpaLink>
      </p>
    </div>
  );
}
