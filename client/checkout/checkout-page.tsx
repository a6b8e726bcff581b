import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import type { User } from '../../schema/account/user.ts';
import { paymentMethodsFor } from '../../schema/checkout/methods.ts';
import { useAccountSession, useUser } from '../account/index.ts';
import { FormError } from '../ui/form/form-parts.tsx';
import type { UiMessage } from '../ui/form/ui-message.ts';
import { useCart } from '../cart/index.ts';
import { useT } from '../i18n/use-t.tsx';
import { useStoreClient, useSyncState, type StoreClient } from '../store/index.ts';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { STEPS, isOn, type StepName } from './checkout-fields.ts';
import { checkoutDetailsOf } from './checkout-details.ts';
import { reviewedLinesOf, reviewedTotalsOf } from './order-lines.ts';
import { PaymentStep } from './payment-step.tsx';
import { PersonalStep } from './personal-step.tsx';
import { placeOrder } from './place-order.ts';
import { ReviewStep } from './review-step.tsx';
import { ShippingStep } from './shipping-step.tsx';
import '../i18n/checkout-texts.ts';
import { useCheckoutForm } from './use-checkout-form.ts';
import { useOrderPlacedAt } from './use-order-placed.ts';
import { useOfferedPaymentMethods } from './offered-methods.ts';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';
import '../ui/order-parts.css';
import './checkout.css';

/**
 * '/checkout' (spec commerce.md section 2): personal details, shipping, payment, review, one step at a time
 * (phone first), each saved as a local draft. Waits for the local store and the user to be known, so a logged-in
 * shopper's saved details fill the form and the draft is the owner's.
 */
export function CheckoutPage() {
  const { t } = useT();
  useDocumentTitle(t('checkout.title'));
  useAccountSession();
  const client = useStoreClient();
  const user = useUser();
  // The owner the draft is kept for: the cart's (the user's, or this device's guest's).
  const owner = useCart()?.owner;
  if (!client || user === undefined || !owner) {
    return (
      <div className="page checkout-page" data-testid="checkout-page" aria-busy="true">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          {t('checkout.title')}
        </h1>
        {/* Opening the store on the device takes a moment on a slow phone: say what is happening meanwhile. */}
        <p className="muted" role="status">
          {t('checkout.loading')}
        </p>
      </div>
    );
  }
  return <CheckoutSteps key={owner} client={client} owner={owner} user={user} />;
}

function CheckoutSteps({ client, owner, user }: { client: StoreClient; owner: string; user: User | null }) {
  const { t } = useT();
  const navigate = useNavigate();
  const cart = useCart();
  const sync = useSyncState();
  const online = sync?.online ?? navigator.onLine;
  const form = useCheckoutForm(owner, user);
  const takenByServer = useOfferedPaymentMethods();
  const [placing, setPlacing] = useState(false);
  const [problem, setProblem] = useState<UiMessage | undefined>(undefined);
  const index = STEPS.indexOf(form.step);
  // The draft's order placed by another tab while this one was open: this tab follows it to its thank-you page
  // rather than showing the cart the order emptied (its own press navigates when placeOrder answers). Placed
  // before this checkout opened, the draft outlived its order: it gets a new id, or the next order would be that one.
  const [openedAt] = useState(Date.now);
  const placedAt = useOrderPlacedAt(client, form.orderId);
  const placedElsewhere = placedAt !== undefined && placedAt >= openedAt && !placing;
  const stale = placedAt !== undefined && placedAt < openedAt && !placing;
  useEffect(() => {
    if (placedElsewhere) {
      void navigate({ to: '/checkout/thank-you/$orderId', params: { orderId: form.orderId }, replace: true });
    } else if (stale) form.renewOrderId();
  }, [placedElsewhere, stale, navigate, form]);

  if (!cart || placedElsewhere) return null;
  if (cart.items.length === 0 && !placing) {
    return (
      <div className="page checkout-page" data-testid="checkout-page">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          {t('checkout.title')}
        </h1>
        <p data-testid="checkout-empty">{t('checkout.emptyCart')}</p>
        <SpaLink href="/">{t('checkout.toShop')}</SpaLink>
      </div>
    );
  }
  const lines = reviewedLinesOf(cart.items);
  // The product types, from the catalogue on the device: cash on delivery is not offered for a cart that never ships.
  const typed = cart.items.map((line) => ({ typeId: client.catalog.product(line.sku)?.type_id }));
  const offeredMethods = paymentMethodsFor(typed).filter((m) => !takenByServer || takenByServer.includes(m.code));
  const offered = offeredMethods.map((method) => method.code as string);
  if (form.values.paymentMethod !== '' && !offered.includes(form.values.paymentMethod)) form.set('paymentMethod', '');
  const totals = reviewedTotalsOf(
    lines,
    form.values.shippingMethod,
    form.values.paymentMethod || undefined,
    cart.coupon,
  );

  const forward = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(undefined);
    if (!form.complete(form.step)) {
      setProblem({ key: 'account.form.fixErrors' });
      return;
    }
    const next = STEPS[index + 1];
    if (next) {
      form.goTo(next);
      focusHeading();
      return;
    }
    const details = checkoutDetailsOf(form.values);
    const firstWrong = STEPS.find((step) => !form.complete(step));
    if (!details || firstWrong) {
      if (firstWrong) form.goTo(firstWrong);
      setProblem({ key: 'account.form.fixErrors' });
      return;
    }
    if (placing) return;
    setPlacing(true);
    void placeOrder({
      client,
      owner,
      cart,
      details,
      orderId: form.orderId,
      online,
      ...(isOn(form.values.createAccount) && !user ? { newAccountPassword: form.values.password } : {}),
    }).then((outcome) => {
      if (!outcome.ok) {
        setPlacing(false);
        setProblem(outcome.message);
        return;
      }
      void navigate({ to: '/checkout/thank-you/$orderId', params: { orderId: outcome.orderId } });
    });
  };

  const stepName = (step: StepName) => t(`checkout.steps.${step}`);
  return (
    <div className="page checkout-page" data-testid="checkout-page" data-step={form.step}>
      <h1 className="page__title">{t('checkout.title')}</h1>
      <nav aria-label={t('checkout.steps.label')}>
        <ol className="checkout-steps">
          {STEPS.map((step, i) => (
            <li
              key={step}
              className={`checkout-steps__step${i === index ? ' is-current' : ''}`}
              aria-current={i === index ? 'step' : undefined}
            >
              {i < index ? (
                <button type="button" className="checkout-steps__link" onClick={() => form.goTo(step)}>
                  {stepName(step)}
                </button>
              ) : (
                <span>{stepName(step)}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <form
        className="account-form account-card checkout-form"
        noValidate
        onSubmit={forward}
        aria-labelledby="checkout-step-title"
      >
        <h2 id="checkout-step-title" className="checkout-step-title" tabIndex={-1} data-page-heading>
          {t('checkout.steps.progress', { current: index + 1, total: STEPS.length })}: {stepName(form.step)}
        </h2>
        <FormError message={problem} />
        {form.step === 'personal' && <PersonalStep form={form} user={user} online={online} />}
        {form.step === 'shipping' && <ShippingStep form={form} />}
        {form.step === 'payment' && <PaymentStep form={form} methods={offeredMethods} />}
        {form.step === 'review' && <ReviewStep form={form} lines={lines} totals={totals} />}
        {form.step === 'review' && !online && (
          <p className="banner banner--info" data-testid="checkout-offline">
            {t('checkout.review.offline')}
          </p>
        )}
        <div className="checkout-actions">
          {index > 0 && (
            <Button type="button" variant="secondary" onClick={() => form.goTo(STEPS[index - 1]!)}>
              {t('checkout.back')}
            </Button>
          )}
          <Button type="submit" aria-disabled={placing || undefined} data-testid="checkout-next">
            {form.step === 'review'
              ? placing
                ? t('checkout.review.processing')
                : t('checkout.review.place')
              : t('checkout.next')}
          </Button>
        </div>
      </form>
      <div role="status" className="visually-hidden">
        {placing ? t('checkout.review.processing') : ''}
      </div>
    </div>
  );
}

const focusHeading = () => window.setTimeout(() => document.getElementById('checkout-step-title')?.focus(), 0);
