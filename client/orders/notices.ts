import type { FeatureNotices } from '../sync/feature.ts';

/**
 * The order commands' refusal codes that have a translation (`refusal.<code>`); any other refusal shows the server's
 * message. Written out so the first page carries no rules. The order pages tell each outcome themselves (the
 * thank-you page, the confirmation of changed figures), so there is no success notice here.
 */
export const ORDER_REFUSAL_CODES: readonly string[] = [];

export const orderNotices: FeatureNotices = {
  refusalCodes: ORDER_REFUSAL_CODES,
  // A refused order's lasting notice in the order's words (its texts load with the orders' part of the local store),
  // not the cart's, whose refusals share its codes ("...cannot be added to the cart!"); the server's words otherwise.
  lastingNotice: (command) =>
    command.status === 'rejected' && command.type.startsWith('order.') && command.error
      ? { key: `checkout.refusals.${command.error.code}`, params: { defaultValue: command.error.message } }
      : undefined,
};
