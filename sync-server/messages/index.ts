/** The shopper's messages to the shop on the server: reviews, inquiries, contact, feedback. */
export { messagesFeature } from './messages-feature.ts';
