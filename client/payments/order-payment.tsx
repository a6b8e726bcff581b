import { useEffect, useId, useState } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { useSyncState } from '../store/index.ts';
import { Button } from '../ui/button.tsx';
import { EuroPrice } from '../ui/euro-price.tsx';
import './add-texts.ts';
import { FailureText } from './failure-text.tsx';
import { claimAutostart } from './attempt-memory.ts';
import { askSwitchToOffline } from './pay.ts';
import { TimeLeftText } from './time-left-text.tsx';
import { useNow, usePayNow } from './use-pay.ts';
import {
  attemptsNewestFirst,
  canSwitchToOffline,
  isOnlineMethod,
  payNowState,
  resumableAttempt,
  type PayableOrder,
} from './payment-view.ts';
import '../ui/form/form.css';
import '../ui/order-parts.css';

/**
 * An order's online payment, on its page and on the thank-you page: the status in words, each try with the
 * provider's words and the masked card, the time left to pay, "Pay now" (disabled offline, with the reason) and
 * "pay cash on delivery instead". `autoStart` (the thank-you page): a payment nothing was tried for yet starts at
 * once, once per order in this tab, since the shopper has just chosen to pay by card or PayPal.
 */
export function OrderPayment({ order, autoStart = false }: { order: PayableOrder; autoStart?: boolean }) {
  const { t, locale } = useT();
  const online = useSyncState().online;
  const now = useNow();
  const { phase, pay, resume } = usePayNow(order.orderId);
  const reasonId = useId();
  const titleId = useId();
  const busy = phase.kind === 'starting' || phase.kind === 'redirecting';
  const action = payNowState(order, { online, starting: busy, now });
  const { payment } = order;
  const untried = payment !== undefined && payment.attempts.length === 0;
  // An order this page saw made offline is not started by itself once it reaches the shop: the shopper may be
  // doing something else by then, so "Pay now" waits for them (and the lasting "pay now" of its page).
  const [seenOffline, setSeenOffline] = useState(false);
  if (order.status === 'waiting' && !online && !seenOffline) setSeenOffline(true);
  const canAutoStart = autoStart && !seenOffline && action.shown && action.enabled && untried;

  useEffect(() => {
    if (canAutoStart && claimAutostart(order.orderId)) pay();
  }, [canAutoStart, order.orderId, pay]);

  if (!payment && !(order.status === 'waiting' && isOnlineMethod(order.paymentMethod))) return null;
  const credit = payment?.provider === 'credit' || order.paymentMethod === 'credit';
  const attempts = attemptsNewestFirst(payment);
  const openAttempt = resumableAttempt(order, now);

  return (
    <section
      aria-labelledby={titleId}
      className="order-payment"
      data-testid="order-payment"
      data-payment-status={payment?.status ?? 'none'}
    >
      <h2 id={titleId}>{t('payments.title')}</h2>
      {payment && (
        <dl className="order-facts">
          <dt>{t('payments.statusLabel')}</dt>
          <dd>
            <span className={`payment-status payment-status--${payment.status}`} data-testid="payment-status">
              {t(`payments.status.${payment.status}`)}
            </span>
          </dd>
          {(payment.status === 'awaiting' || payment.status === 'processing') && (
            <>
              <dt>{t('payments.dueBy', { time: new Date(payment.dueBy).toLocaleString(locale) })}</dt>
              <dd data-testid="payment-time-left">
                <TimeLeftText dueBy={payment.dueBy} now={now} />
              </dd>
            </>
          )}
          {payment.status === 'paid' && payment.paidAt !== undefined && (
            <>
              <dt>{t('payments.status.paid')}</dt>
              <dd>{t('payments.paidAt', { time: new Date(payment.paidAt).toLocaleString(locale) })}</dd>
            </>
          )}
          {payment.refundedEur !== undefined && (
            <>
              <dt>{t('payments.status.refunded')}</dt>
              <dd>
                <EuroPrice cents={payment.refundedEur} />
              </dd>
            </>
          )}
        </dl>
      )}
      {attempts.length > 0 && (
        <>
          <h3>{t('payments.attempts')}</h3>
          <ul className="payment-attempts" data-testid="payment-attempts">
            {attempts.map((attempt) => (
              <li key={attempt.attemptId} data-testid="payment-attempt" data-attempt-status={attempt.status}>
                <strong>{t(`payments.attempt.${attempt.status}`)}</strong>
                {attempt.message ? <span data-testid="payment-attempt-message">: {attempt.message}</span> : null}
                {attempt.card ? (
                  <span data-testid="payment-attempt-card"> ({t('payments.card', { card: attempt.card })})</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      <div role="status" aria-live="polite" data-testid="payment-progress">
        {busy && <p className="banner banner--info">{t(credit ? 'payments.starting' : 'payments.redirecting')}</p>}
        {credit && (phase.kind === 'waitingForProvider' || payment?.status === 'processing') && (
          <p className="banner banner--info" data-testid="payment-credit-pending">
            {t('payments.creditPending')}
          </p>
        )}
      </div>
      {phase.kind === 'failed' && (
        <p role="alert" className="banner banner--error" data-testid="payment-failed">
          <FailureText phase={phase} />
        </p>
      )}
      {openAttempt && (
        <div className="checkout-actions">
          <Button
            type="button"
            onClick={() => resume(openAttempt)}
            disabled={busy || !online}
            aria-describedby={!online ? reasonId : undefined}
            data-testid="payment-resume"
          >
            {t('payments.resume')}
          </Button>
          {!online && (
            <p id={reasonId} className="account-field__hint">
              {t('payments.needsOnline')}
            </p>
          )}
        </div>
      )}
      {action.shown && (
        <div className="checkout-actions">
          <Button
            type="button"
            onClick={pay}
            disabled={!action.enabled}
            aria-describedby={!action.enabled && action.reason !== 'starting' ? reasonId : undefined}
            data-testid="payment-pay-now"
          >
            {t(action.retry ? 'payments.retry' : 'payments.payNow')}
          </Button>
          {!action.enabled && action.reason !== 'starting' && (
            <p id={reasonId} className="account-field__hint" data-testid="payment-pay-reason">
              {t(`payments.${action.reason}`)}
            </p>
          )}
          {canSwitchToOffline(order, now) && (
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => void askSwitchToOffline(order.orderId, t('payments.switchConfirm'))}
              data-testid="payment-switch-offline"
            >
              {t('payments.switchToOffline')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
