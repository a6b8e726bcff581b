import { MESSAGE_COMMAND_TYPES, MESSAGE_REFUSALS } from '../../schema/messages/message-rules.ts';
import { defineClientFeature } from '../sync/feature.ts';

/**
 * The shopper's messages to the shop on the local store: reviews, product inquiries, contact messages and feedback.
 * Commands only (queued on the device offline, sent once): nothing is replicated back but their outcomes, so the
 * feature owns no collection; the forms follow their command's outcome (use-message-form.ts).
 */
export const messagesFeature = defineClientFeature({
  name: 'messages',
  commands: MESSAGE_COMMAND_TYPES,
  collections: {},
  // product_not_found is the cart's, declared (and translated) there.
  refusalCodes: Object.keys(MESSAGE_REFUSALS).filter((code) => code !== 'product_not_found'),
});
