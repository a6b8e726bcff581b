import { filter, firstValueFrom, map } from 'rxjs';
import { isSettled } from '../../schema/commands/envelope.ts';
import { paymentStartResultSchema } from '../../schema/payments/payment-commands.ts';
import { getStoreClient, type StoreClient } from '../store/index.ts';
import { currentLanguage } from '../i18n/index.ts';
import { notify } from '../ui/notifications.tsx';
import { rememberAttempt } from './attempt-memory.ts';
import { followStep } from './browser-step.ts';

export type PayPhase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'redirecting' }
  /** The provider decides without the shopper (a credit application): the order's status says the rest, live. */
  | { kind: 'waitingForProvider' }
  /** The start refused (its code and the server's words) or the provider not reached. */
  | { kind: 'failed'; code?: string; message?: string };

/** Asks the server for the try's step with the provider and follows it. */
const follow = async (client: StoreClient, attemptId: string, onPhase: (phase: PayPhase) => void): Promise<void> => {
  const begun = await client.beginPayment(attemptId, currentLanguage());
  if (!begun.ok) {
    onPhase({ kind: 'failed', ...(begun.message ? { message: begun.message } : {}) });
    return;
  }
  if (followStep(begun.step) === 'left') onPhase({ kind: 'redirecting' });
  else onPhase({ kind: 'waitingForProvider' });
};

/** Orders this tab is starting a payment of: a double click, or the thank-you page and a button, start one. */
const inFlight = new Set<string>();

/**
 * Pays an order: `payment.start` (its id is the attempt's, the idempotency key with the provider), its outcome
 * watched as the orders pages watch theirs, then the browser's step from the server, followed: the signed form
 * posted to the gateway, PayPal's page, or nothing (credit). Answers false when a start was already under way.
 */
export const payForOrder = async (
  client: StoreClient,
  orderId: string,
  onPhase: (phase: PayPhase) => void,
): Promise<boolean> => {
  if (inFlight.has(orderId)) return false;
  inFlight.add(orderId);
  try {
    onPhase({ kind: 'starting' });
    const command = await client.dispatch('payment.start', { orderId });
    const settled = await firstValueFrom(
      client.commands$.pipe(
        map((commands) => commands.find((c) => c.id === command.id)),
        filter((c) => c !== undefined && isSettled(c.status)),
      ),
    );
    if (settled?.status !== 'succeeded') {
      const error = settled?.error;
      onPhase({
        kind: 'failed',
        ...(error?.code ? { code: error.code } : {}),
        ...(error?.message ? { message: error.message } : {}),
      });
      return true;
    }
    const result = paymentStartResultSchema.safeParse(settled.result);
    if (!result.success) {
      onPhase({ kind: 'failed' });
      return true;
    }
    rememberAttempt(orderId, result.data.attemptId);
    await follow(client, result.data.attemptId, onPhase);
    return true;
  } catch (error) {
    console.error('[payments] the payment could not start', error);
    onPhase({ kind: 'failed' });
    return true;
  } finally {
    inFlight.delete(orderId);
  }
};

/** Goes back to the provider's page for the order's open try (see resumableAttempt): begun again, the same try. */
export const resumePayment = async (
  client: StoreClient,
  orderId: string,
  attemptId: string,
  onPhase: (phase: PayPhase) => void,
): Promise<void> => {
  if (inFlight.has(orderId)) return;
  inFlight.add(orderId);
  try {
    onPhase({ kind: 'starting' });
    rememberAttempt(orderId, attemptId);
    await follow(client, attemptId, onPhase);
  } catch (error) {
    console.error('[payments] the payment could not be taken up again', error);
    onPhase({ kind: 'failed' });
  } finally {
    inFlight.delete(orderId);
  }
};

/**
 * The shopper pays on delivery instead, once they said yes (the server refuses it once a try is open or the order
 * is paid; the refusal comes as the command's notification).
 */
export const askSwitchToOffline = async (orderId: string, question: string): Promise<void> => {
  if (!window.confirm(question)) return;
  try {
    await (await getStoreClient()).dispatch('payment.switchToOffline', { orderId, paymentMethod: 'cashondelivery' });
  } catch (error) {
    console.error('[payments] the switch to cash on delivery could not be stored', error);
    notify({ kind: 'error', message: { key: 'notify.dispatchError' } });
  }
};
