import type { TypedCommand } from '../commands/registry.ts';
import type { MessageCommandType } from './message-commands.ts';

/**
 * The messages' rules, pure: what the server decides for a review, an inquiry, a contact message or feedback, given
 * what it found out before deciding (the sender's flood counts, the proof-of-work's check, the product, the owner's
 * earlier reviews). The executor reads those in the batch's transaction; this file only decides.
 */

export type MessageCommand = TypedCommand<MessageCommandType>;

export const MESSAGE_COMMAND_TYPES: readonly MessageCommandType[] = [
  'review.create',
  'inquiry.send',
  'contact.send',
  'feedback.send',
];

export const isMessageCommand = (command: TypedCommand): command is MessageCommand =>
  (MESSAGE_COMMAND_TYPES as readonly string[]).includes(command.type);

/** Refusals (the client translates `refusal.<code>`; the message is the server's English). */
export const MESSAGE_REFUSALS = {
  review_login_required: 'Log in to write a review.',
  review_exists: 'You have already reviewed this product.',
  /** The cart's code and text (its translation is there already, on the first page). */
  product_not_found: 'Product not found.',
  challenge_failed: 'The anti-spam check failed. Please send the form again.',
  too_many_messages: 'Too many messages from you.',
} as const;
export type MessageRefusalCode = keyof typeof MESSAGE_REFUSALS;

/** Guests are the owners made by POST /api/cart/create; users are `user-…`. */
export const isGuestOwner = (owner: string): boolean => owner.startsWith('guest-');

/**
 * Who must solve the proof-of-work: guests, for every message they may send (inquiry, contact, feedback). A
 * logged-in user has passed sign-up's own limits and is counted by account, so a challenge would only slow them.
 * Reviews need a login (one review per user and product needs a lasting identity: a guest is one device's
 * token, which a reviewer could throw away and ask for again), so they never carry one.
 */
export const needsChallenge = (command: Pick<MessageCommand, 'type' | 'owner'>): boolean =>
  command.type !== 'review.create' && isGuestOwner(command.owner);

/** The proof-of-work's state for a command, as checked by the server. */
export type ChallengeCheck = 'ok' | 'not_needed' | 'missing' | 'invalid' | 'expired' | 'used';

export interface FloodVerdict {
  allowed: boolean;
  /** Whole seconds until the sender may send again (when not allowed). */
  retryAfter: number;
}

export interface MessageFacts {
  challenge: ChallengeCheck;
  flood: FloodVerdict;
  /** For a review: the product's id for its sku, or undefined when the catalogue has no such product. */
  productId?: number | undefined;
  /** For a review: the products this owner has reviewed already (any status), this batch's included. */
  reviewed?: ReadonlySet<number>;
}

export type MessageDecision =
  | { kind: 'accepted'; effect: MessageEffect }
  | { kind: 'rejected'; code: MessageRefusalCode; message: string; field?: string };

/** What an accepted message does: a pending review to store, or a mail to the shop (and its receipt). */
export type MessageEffect = { type: 'review'; productId: number } | { type: 'mail' };

const refuse = (code: MessageRefusalCode, field?: string, detail?: string): MessageDecision => ({
  kind: 'rejected',
  code,
  message: detail ? `${MESSAGE_REFUSALS[code]} ${detail}` : MESSAGE_REFUSALS[code],
  ...(field ? { field } : {}),
});

const CHALLENGE_DETAIL: Record<Exclude<ChallengeCheck, 'ok' | 'not_needed'>, string> = {
  missing: 'The check is missing.',
  invalid: 'The check was not solved correctly.',
  expired: 'The check has expired.',
  used: 'The check was used already.',
};

/**
 * Decides one message. Order: who may send it (a review needs a login), then the proof-of-work, then the flood
 * limit (so a forged or replayed check is refused as such), then the review's own rules.
 */
export const decideMessage = (command: MessageCommand, facts: MessageFacts): MessageDecision => {
  if (command.type === 'review.create' && isGuestOwner(command.owner)) return refuse('review_login_required');
  if (facts.challenge !== 'ok' && facts.challenge !== 'not_needed') {
    return refuse('challenge_failed', 'payload.recaptcha_response', CHALLENGE_DETAIL[facts.challenge]);
  }
  if (!facts.flood.allowed) {
    return refuse('too_many_messages', undefined, `Try again in ${facts.flood.retryAfter} s.`);
  }
  if (command.type !== 'review.create') return { kind: 'accepted', effect: { type: 'mail' } };
  if (facts.productId === undefined) return refuse('product_not_found', 'payload.sku');
  if (facts.reviewed?.has(facts.productId)) return refuse('review_exists', 'payload.sku');
  return { kind: 'accepted', effect: { type: 'review', productId: facts.productId } };
};

/** The seconds a `too_many_messages` refusal asks to wait, read back from its message (for the form's text). */
export const retryAfterOf = (message: string | undefined): number | undefined => {
  const match = /Try again in (\d+) s\./.exec(message ?? '');
  return match ? Number(match[1]) : undefined;
};
