/** Consent records (issue 32): when and how a shopper agreed to marketing mail, and when and how they withdrew. */
export { recordConsent, consentHistoryOf, type ConsentEvent } from './consent-events.ts';
export { listUnsubscribeHeaders, ONE_CLICK_BODY } from './one-click.ts';
export { oneClickBody, requireOneClick } from './one-click-route.ts';
