import type { FeatureNotices } from '../sync/feature.ts';

/**
 * The account settings' refusals with a translation (schema/alerts ALERTS_REFUSALS; `alerts_login_required` never
 * comes from this interface, which sends nothing of a guest's), and the spec's success notices of the mailings:
 * 'Your cart has been sent to you by email.', 'Your wishlist has been sent to you by email.' (in the `alerts` texts,
 * loaded by the button that sends, so before any such answer). Written out so the first page carries no rules.
 */
export const ALERTS_REFUSAL_CODES: readonly string[] = ['alerts_full', 'mailing_list_empty'];

export const alertsNotices: FeatureNotices = {
  refusalCodes: ALERTS_REFUSAL_CODES,
  successNotice: (command) =>
    command.type === 'mailings.sendCart'
      ? { key: 'alerts.send.cartSent' }
      : command.type === 'mailings.sendWishlist'
        ? { key: 'alerts.send.wishlistSent' }
        : undefined,
};
