import type { FeatureNotices } from '../sync/feature.ts';

/**
 * What the command notifications say of the wishlist's commands: its refusal. The spec's notices of a save or a
 * removal are shown as the shopper acts (use-wishlist.ts), online or not, since the list changes at once.
 */
export const wishlistNotices: FeatureNotices = {
  // WISHLIST_REFUSALS' codes (tests/unit/commands holds them equal).
  refusalCodes: ['wishlist_full'],
};
