import type { CommandType } from '../../schema/index.ts';
import { paymentCommands } from '../../schema/payments/payment-commands.ts';
import { defineClientFeature } from '../sync/feature.ts';
import { requestBrowserStep, type BeginOutcome } from './begin-request.ts';
import { PAYMENT_REFUSAL_CODES } from './notices.ts';

/**
 * Payments on the local store: no collection of its own (an order's payment rides in the `orders` read model, with
 * the order). It dispatches `payment.start` and `payment.switchToOffline`, and gives the pages `beginPayment`, the
 * one call to the server a payment needs besides the sync: the browser's step with the provider.
 */
export const paymentsFeature = defineClientFeature({
  name: 'payments',
  commands: Object.keys(paymentCommands) as CommandType[],
  collections: {},
  refusalCodes: PAYMENT_REFUSAL_CODES,
  views(context) {
    const beginPayment = (attemptId: string, language: 'bg' | 'en'): Promise<BeginOutcome> =>
      requestBrowserStep(context.server, attemptId, language);
    return { beginPayment };
  },
});
