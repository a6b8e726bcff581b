import type { CheckoutDetails } from '../../schema/checkout/details.ts';
import type { Cart } from '../../schema/cart/cart.ts';
import { deferOrder } from '../lib/offline-orders-store.ts';
import { offlineOrdersSentAutomatically } from '../lib/order-settings.ts';
import type { StoreClient } from '../store/index.ts';
import { issueMessage, type UiMessage } from '../ui/form/ui-message.ts';
import { browserStorage, clearCheckoutDraft, readCheckoutDraft } from './draft.ts';
import { rememberLastOrder } from './last-order.ts';
import { reviewedLinesOf, reviewedTotalsOf } from './order-lines.ts';
import '../i18n/account-texts.ts';

export interface PlaceOrderInput {
  client: StoreClient;
  owner: string;
  cart: Pick<Cart, 'items' | 'coupon'>;
  details: CheckoutDetails;
  orderId: string;
  /** Set when the shopper asked for an account with the order: created first, online only. */
  newAccountPassword?: string;
  online: boolean;
}

export type PlaceOrderOutcome = { ok: true; orderId: string; queued: boolean } | { ok: false; message: UiMessage };

/**
 * Places the order the shopper reviewed: the `order.place` command with the device's order id, the reviewed lines
 * and total (the server re-validates them and asks for confirmation if the total changed). Offline it is stored at
 * once and shown as "waiting to be sent"; it goes at reconnect, or when the shopper confirms it if the shop asks so.
 */
export const placeOrder = async (input: PlaceOrderInput): Promise<PlaceOrderOutcome> => {
  const { client, details, online } = input;
  let owner = input.owner;
  if (input.newAccountPassword !== undefined) {
    if (!online) return { ok: false, message: { key: 'checkout.personal.onlineOnly' } };
    const created = await client.account.register({
      customer: {
        email: details.personal.emailAddress,
        firstname: details.personal.firstName,
        lastname: details.personal.lastName,
        ...(details.personal.egn ? { egn: details.personal.egn } : {}),
      },
      password: input.newAccountPassword,
    });
    if (!created.ok) {
      const reason = issueMessage(created.message);
      return {
        ok: false,
        message: {
          key: 'checkout.review.accountFailed',
          params: { message: 'text' in reason ? reason.text : created.message },
        },
      };
    }
    // The order is the new user's: the guest's cart joined theirs at the login that follows registration.
    owner = created.result.id;
  }
  // Another tab may have made the draft's order id first: both place that one, and the server keeps one order.
  const orderId = readCheckoutDraft(browserStorage(), input.owner)?.orderId ?? input.orderId;
  const lines = reviewedLinesOf(input.cart.items);
  const totals = reviewedTotalsOf(
    lines,
    details.shipping.shippingMethod,
    details.payment.paymentMethod,
    input.cart.coupon,
  );
  const payload = {
    orderId,
    details,
    lines,
    ...(input.cart.coupon ? { couponCode: input.cart.coupon.code } : {}),
    reviewedTotalEur: totals.grandTotalEur,
  };
  // Offline, with a shop that asks the shopper to confirm such orders: the order waits on the device, not as a
  // command (client/lib/offline-orders-store.ts says why). If the browser will not keep it, it is queued as usual.
  const deferred =
    !online && !offlineOrdersSentAutomatically() && deferOrder({ owner, payload, createdAt: Date.now() });
  try {
    if (!deferred) await client.dispatch('order.place', payload);
  } catch (error) {
    console.error('[checkout] the order could not be stored', error);
    return { ok: false, message: { key: 'checkout.review.failed' } };
  }
  rememberLastOrder({ orderId, hash: orderId, paymentMethod: details.payment.paymentMethod, placedAt: Date.now() });
  clearCheckoutDraft(browserStorage(), input.owner);
  if (owner !== input.owner) clearCheckoutDraft(browserStorage(), owner);
  return { ok: true, orderId, queued: !online };
};
