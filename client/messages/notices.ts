import type { FeatureNotices } from '../sync/feature.ts';

/**
 * What the command notifications say of the messages: their refusals (schema/messages MESSAGE_REFUSALS, less the
 * cart's product_not_found; the unit test holds them equal). The spec's success texts are the forms' own, told as
 * the form follows its command (client/messages/use-send-message.ts), so they load with the forms, not here.
 */
export const messageNotices: FeatureNotices = {
  refusalCodes: ['review_login_required', 'review_exists', 'challenge_failed', 'too_many_messages'],
};
