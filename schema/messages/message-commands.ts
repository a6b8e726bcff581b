import { z } from 'zod';
import { skuSchema } from '../cart/cart.ts';
import { challengeResponseSchema } from '../challenge/challenge.ts';
import {
  messageTextSchema,
  nicknameSchema,
  postalAddressSchema,
  pagePathSchema,
  ratingSchema,
  reviewTitleSchema,
  senderEmailSchema,
  senderNameSchema,
  senderPhoneSchema,
} from './message-fields.ts';

/** What every message command answers: it was accepted and its mail is in the outbox. */
const sentResult = z.object({ sent: z.literal(true) });

/**
 * The shopper's messages to the shop (commerce.md sections 3 and 7: Review create, Contact, Feedback, Product
 * inquiry), each a command: queued on the device offline, executed once. `recaptcha_response` keeps the spec's
 * field name; it holds the self-hosted proof-of-work's solution (schema/challenge), which guests must send.
 */
export const messageCommands = {
  'review.create': {
    payload: z
      .object({
        sku: skuSchema,
        rating: ratingSchema,
        title: reviewTitleSchema.optional(),
        text: messageTextSchema,
        nickname: nicknameSchema,
      })
      .strict(),
    /** The review waits for moderation (review_status 2) until an operator approves it. */
    result: z.object({ reviewId: z.number().int(), productId: z.number().int(), status: z.literal('pending') }),
  },
  'inquiry.send': {
    payload: z
      .object({
        sku: skuSchema,
        name: senderNameSchema,
        email: senderEmailSchema,
        phone: senderPhoneSchema.optional(),
        message: messageTextSchema,
        recaptcha_response: challengeResponseSchema.optional(),
      })
      .strict(),
    result: sentResult,
  },
  'contact.send': {
    payload: z
      .object({
        name: senderNameSchema,
        email: senderEmailSchema,
        address: postalAddressSchema.optional(),
        phone: senderPhoneSchema.optional(),
        message: messageTextSchema,
        /** Consent to the processing of the data to answer: required (spec: "terms must be accepted"). */
        terms1: z.literal(true, 'must be accepted'),
        /** The shop may send offers by e-mail: optional. */
        terms2: z.boolean(),
        /** The shop may call back by phone: optional. */
        terms3: z.boolean(),
        recaptcha_response: challengeResponseSchema.optional(),
      })
      .strict(),
    result: sentResult,
  },
  'feedback.send': {
    payload: z
      .object({
        message: messageTextSchema,
        email: senderEmailSchema.optional(),
        page: pagePathSchema.optional(),
        recaptcha_response: challengeResponseSchema.optional(),
      })
      .strict(),
    result: sentResult,
  },
} as const;

export type MessageCommandType = keyof typeof messageCommands;
