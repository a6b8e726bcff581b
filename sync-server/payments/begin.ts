import type { Order } from '../../schema/orders/order.ts';
import { withProviderRef } from '../../schema/payments/payment-rules.ts';
import type { Database } from '../store/database.ts';
import { attemptById, setProviderRef, type AttemptRow } from './attempt-store.ts';
import type { BrowserStep, PaymentAttempt, PaymentGateway } from './gateway.ts';
import { gatewayOf } from './payment-settings.ts';
import { lockOrderOf, rewriteOrder, settleAttempt } from './settle.ts';
import { logProviderTrouble } from './provider-trouble.ts';

/** The attempt as a gateway sees it: everything it needs, from the attempt's row and its order. */
export const gatewayAttemptOf = (row: AttemptRow, order: Order, language: 'bg' | 'en' = 'bg'): PaymentAttempt => {
  const { personal, shipping, payment } = order.details;
  const credit = (payment as { credit?: Record<string, unknown> }).credit;
  return {
    attemptId: row.attempt_id,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    amountEur: order.totals.grandTotalEur,
    providerRef: row.provider_ref,
    // BORICA's DESC: at most 50 characters.
    description: `Поръчка ${order.orderNumber}`.slice(0, 50),
    shopper: {
      name: `${personal.firstName} ${personal.lastName}`,
      email: personal.emailAddress,
      ...(shipping.phoneNumber ? { phone: shipping.phoneNumber } : {}),
    },
    ...(credit ? { credit } : {}),
    language,
    createdAt: row.created_at,
  };
};

export type BeginOutcome =
  | { kind: 'step'; step: BrowserStep; order: Order; attempt: AttemptRow }
  | { kind: 'not_found' }
  | { kind: 'closed'; order: Order }
  | { kind: 'unavailable' };

/** Loads an attempt with its order (read only); undefined unless the attempt is the owner's. */
export const attemptWithOrder = async (
  db: Database,
  attemptId: string,
  owner?: string,
): Promise<{ row: AttemptRow; order: Order } | undefined> => {
  const row = await attemptById(db, attemptId);
  if (!row || (owner !== undefined && row.owner !== owner)) return undefined;
  const [found] = await db.query<{ doc: Order }>('SELECT doc FROM orders WHERE order_id = $1', [row.order_id]);
  return found ? { row, order: found.doc } : undefined;
};

/**
 * Starts an attempt with its provider and says what the browser does. The attempt must be the order's open one:
 * an attempt settled, or left behind by a newer one, is never sent to the provider again (no charge after a
 * decline). The gateway's `begin` is idempotent (the same ORDER, PayPal-Request-Id = attemptId), so a second tab or
 * a retried call is the same attempt; the provider's reference it gives (PayPal's order id) is stored once.
 */
export const beginAttempt = async (
  db: Database,
  attemptId: string,
  owner: string | undefined,
  language: 'bg' | 'en' = 'bg',
): Promise<BeginOutcome> => {
  const found = await attemptWithOrder(db, attemptId, owner);
  if (!found) return { kind: 'not_found' };
  const { row, order } = found;
  const view = order.payment?.attempts.find((a) => a.attemptId === row.attempt_id);
  const latest = order.payment?.attempts.at(-1)?.attemptId === row.attempt_id;
  if (!view || !latest || view.status !== 'open' || order.payment?.status !== 'processing')
    return { kind: 'closed', order };
  const gateway: PaymentGateway | undefined = gatewayOf(row.provider);
  if (!gateway) return { kind: 'unavailable' };
  const { step, providerRef } = await gateway.begin(gatewayAttemptOf(row, order, language));
  if (providerRef && providerRef !== row.provider_ref) await storeProviderRef(db, row, providerRef);
  const attempt = { ...row, provider_ref: providerRef || row.provider_ref };
  // Nothing for the browser to do (a credit application): the provider may have decided at once; ask it now so the
  // shopper sees it, and leave anything in doubt to the reconciler.
  if (step.kind === 'none') {
    try {
      await settleAttempt(db, attempt, await gateway.status(gatewayAttemptOf(attempt, order, language)));
    } catch (error) {
      logProviderTrouble(`status of attempt ${row.attempt_id} left to the reconciler`, error);
    }
  }
  return { kind: 'step', step, order, attempt };
};

/** The provider's reference of an attempt, on its row and in its order (the shopper's devices show it). */
const storeProviderRef = async (db: Database, row: AttemptRow, providerRef: string): Promise<void> => {
  const now = Date.now();
  await db.transaction(async (tx) => {
    const order = await lockOrderOf(tx, row.owner, row.order_id);
    const locked = await attemptById(tx, row.attempt_id, true);
    if (!order || !locked || locked.provider_ref === providerRef) return;
    await setProviderRef(tx, row.attempt_id, providerRef.slice(0, 64), now);
    const next = withProviderRef(order, row.attempt_id, providerRef.slice(0, 64), now);
    if (next !== order) await rewriteOrder(tx, next, now);
  });
};
