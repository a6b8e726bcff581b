import type { FeatureNotices } from '../sync/feature.ts';

/**
 * The order commands' refusal codes that have a translation (`refusal.<code>`); any other refusal shows the server's
 * message. Written out so the first page carries no rules. The order pages tell each outcome themselves (the
 * thank-you page, the confirmation of changed figures), so there is no success notice here.
 */
export const ORDER_REFUSAL_CODES: readonly string[] = [];

export const orderNotices: FeatureNotices = { refusalCodes: ORDER_REFUSAL_CODES };
