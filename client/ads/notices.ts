import type { FeatureNotices } from '../sync/feature.ts';

/**
 * What the command notifications know of the ads' commands: their refusal codes (AD_REFUSAL_CODES in
 * schema/ads/ad-commands.ts, written out so the first page carries no rules; a unit test holds them equal). The ads
 * tell their own outcomes with the spec's words (client/ads/ad-actions.ts), so no lasting notice repeats them; an
 * operator's decision reaches the owner as the ad's status on every device.
 */
export const AD_NOTICE_REFUSAL_CODES: readonly string[] = [
  'ad_not_found',
  'ad_limit_reached',
  'ad_unknown_category',
  'ad_unknown_model',
  'ad_not_renewable',
];

export const adNotices: FeatureNotices = {
  refusalCodes: AD_NOTICE_REFUSAL_CODES,
  lastingNotice: (command) => (command.type.startsWith('ad.') ? null : undefined),
};
