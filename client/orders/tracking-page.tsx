import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { emailSchema } from '../../schema/account/user-fields.ts';
import {
  orderHistoryEntrySchema,
  orderLineSchema,
  orderNumberSchema,
  orderStatusSchema,
  orderTotalsSchema,
} from '../../schema/orders/order.ts';
import { epochMsSchema } from '../../schema/commands/envelope.ts';
import { PAYMENT_METHOD_CODES, SHIPPING_METHOD_CODES } from '../../schema/checkout/methods.ts';
import '../i18n/checkout-texts.ts';
import { useT } from '../i18n/use-t.tsx';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { OrderLines } from '../ui/order-lines.tsx';
import { TotalsTable } from '../ui/totals-table.tsx';
import { shippingMethodByCode } from '../../schema/checkout/methods.ts';
import { StatusHistory } from './status-history.tsx';
import { StatusText } from './status-text.tsx';
import '../ui/form/form.css';
import '../ui/order-parts.css';

/**
 * The tracking call's answer (POST /api/order/track, sync-server/orders/order-routes.ts trackedView): `{ code,
 * result }`, the order's progress and figures when found, none of its personal details.
 */
const trackAnswerSchema = z.object({
  code: z.number(),
  result: z.object({
    orderNumber: orderNumberSchema,
    status: orderStatusSchema,
    history: z.array(orderHistoryEntrySchema),
    lines: z.array(orderLineSchema.pick({ sku: true, name: true, qty: true, lineTotalEur: true })),
    totals: orderTotalsSchema,
    shippingMethod: z.enum(SHIPPING_METHOD_CODES),
    paymentMethod: z.enum(PAYMENT_METHOD_CODES),
    createdAt: epochMsSchema,
  }),
});
type Tracked = z.infer<typeof trackAnswerSchema>['result'];

const formSchema = z.object({
  orderNumber: z.string().trim().toUpperCase().pipe(orderNumberSchema),
  email: emailSchema,
});

type Outcome = { kind: 'found'; order: Tracked } | { kind: 'notFound' } | { kind: 'offline' };

const track = async (orderNumber: string, email: string): Promise<Outcome> => {
  try {
    const response = await fetch('/api/order/track', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderNumber, email }),
    });
    const parsed = trackAnswerSchema.safeParse(await response.json().catch(() => null));
    return response.ok && parsed.success ? { kind: 'found', order: parsed.data.result } : { kind: 'notFound' };
  } catch {
    return { kind: 'offline' };
  }
};

/**
 * '/order-tracking' for guests: the order number and the e-mail together give the status; any mismatch reads the
 * same "not found", so there is nothing to enumerate.
 */
export function TrackingPage() {
  const { t, locale } = useT();
  useDocumentTitle(t('checkout.tracking.title'));
  const [orderNumber, setOrderNumber] = useState('');
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = formSchema.safeParse({ orderNumber, email });
    if (!parsed.success) {
      // A malformed number or e-mail cannot match an order: the same answer as any mismatch.
      setOutcome({ kind: 'notFound' });
      return;
    }
    setBusy(true);
    void track(parsed.data.orderNumber, parsed.data.email).then((found) => {
      setBusy(false);
      setOutcome(found);
    });
  };
  return (
    <div className="page account-page" data-testid="tracking-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('checkout.tracking.title')}
      </h1>
      <p className="page__intro">{t('checkout.tracking.intro')}</p>
      <form
        className="account-form account-card"
        noValidate
        onSubmit={submit}
        aria-label={t('checkout.tracking.title')}
      >
        <div className="account-field">
          <label htmlFor="tracking-number" className="account-field__label">
            {t('checkout.tracking.orderNumber')}
          </label>
          <input
            id="tracking-number"
            name="orderNumber"
            className="account-field__input"
            value={orderNumber}
            onChange={(e) => setOrderNumber(e.target.value)}
            autoComplete="off"
            required
          />
        </div>
        <div className="account-field">
          <label htmlFor="tracking-email" className="account-field__label">
            {t('checkout.tracking.email')}
          </label>
          <input
            id="tracking-email"
            name="email"
            type="email"
            inputMode="email"
            className="account-field__input"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            required
          />
        </div>
        <Button type="submit" block aria-disabled={busy || undefined}>
          {t('checkout.tracking.submit')}
        </Button>
      </form>
      <div role="status" data-testid="tracking-result">
        {outcome?.kind === 'found' && (
          <>
            <p>
              {t('checkout.orders.number')} {outcome.order.orderNumber}: <StatusText status={outcome.order.status} />
            </p>
            <dl className="order-facts">
              <dt>{t('checkout.tracking.placedAt')}</dt>
              <dd data-testid="tracking-placed">
                <time dateTime={new Date(outcome.order.createdAt).toISOString()}>
                  {new Date(outcome.order.createdAt).toLocaleString(locale)}
                </time>
              </dd>
              <dt>{t('checkout.shipping.method')}</dt>
              <dd>{t(shippingMethodByCode(outcome.order.shippingMethod)!.titleKey as 'checkout.shipping.courier')}</dd>
              <dt>{t('checkout.payment.method')}</dt>
              <dd>{t(`checkout.payment.${outcome.order.paymentMethod}`)}</dd>
            </dl>
            <h2>{t('checkout.orders.lines')}</h2>
            <OrderLines lines={outcome.order.lines} />
            <TotalsTable totals={outcome.order.totals} caption={t('checkout.orders.totals')} />
            <StatusHistory history={outcome.order.history} />
          </>
        )}
        {outcome?.kind === 'notFound' && <p>{t('checkout.tracking.notFound')}</p>}
        {outcome?.kind === 'offline' && <p>{t('checkout.tracking.offline')}</p>}
      </div>
    </div>
  );
}
