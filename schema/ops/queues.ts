import { z } from 'zod';
import { adIdSchema } from '../ads/ad.ts';
import { plainText } from '../validation/plain-text.ts';

/**
 * The moderation queues (issue 30): ads and reviews waiting for a decision, oldest first, complete. A page is
 * asked for `after` the cursor of the last item seen (keyset: a new or decided item never shifts the next page, as
 * OFFSET would), and says how many wait in all.
 */
export const QUEUE_PAGE_DEFAULT = 50;
export const QUEUE_PAGE_MAX = 200;
/** How many items one bulk decision may name. */
export const QUEUE_DECIDE_MAX = 200;

/** The reason an operator gives for a refusal: plain text, as an ad's owner reads it in the e-mail. */
export const moderationReasonSchema = plainText(3, 500);

/**
 * An ad's place in its queue: when it last changed (ms) and its id, `<updatedAt>.<adId>`. An ad that changes
 * (taken, edited by its owner) only moves later, so a reader paging forwards never skips one.
 */
export const adQueueCursorSchema = z
  .string()
  .max(60)
  .refine((cursor) => {
    const dot = cursor.indexOf('.');
    return /^\d{1,15}$/.test(cursor.slice(0, dot)) && adIdSchema.safeParse(cursor.slice(dot + 1)).success;
  }, 'must be a cursor this queue returned');

export const adQueueCursorOf = (updatedAt: number, adId: string): string => `${updatedAt}.${adId}`;

export const parseAdQueueCursor = (cursor: string): { updatedAt: number; adId: string } => {
  const dot = cursor.indexOf('.');
  return { updatedAt: Number(cursor.slice(0, dot)), adId: cursor.slice(dot + 1) };
};

/** A review's place in its queue: its id (reviews are numbered in the order they were written). */
export const reviewQueueCursorSchema = z
  .string()
  .max(16)
  .regex(/^\d{1,15}$/, 'must be a cursor this queue returned');

const pageQuery = <Cursor extends z.ZodType<string>>(cursor: Cursor) =>
  z
    .object({
      after: cursor.optional(),
      limit: z.coerce.number().int().min(1).max(QUEUE_PAGE_MAX).default(QUEUE_PAGE_DEFAULT),
    })
    .strict();

export const adQueueQuerySchema = pageQuery(adQueueCursorSchema);
export const reviewQueueQuerySchema = pageQuery(reviewQueueCursorSchema);

/** One page of a queue: its items, the cursor of the next page (null at the end) and how many wait in all. */
export interface QueuePage<Item> {
  items: Item[];
  next: string | null;
  total: number;
}

export const MODERATION_DECISIONS = ['approve', 'refuse'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

/** `{ids, decision, reason?}`: a refusal needs its reason (the ad's owner reads it). */
const decideBody = <Id extends z.ZodType>(id: Id) =>
  z
    .object({
      ids: z.array(id).min(1).max(QUEUE_DECIDE_MAX),
      decision: z.enum(MODERATION_DECISIONS),
      reason: moderationReasonSchema.optional(),
    })
    .strict()
    .superRefine((body, ctx) => {
      if (body.decision === 'refuse' && body.reason === undefined)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'a refusal needs a reason', input: body });
    });

export const adDecideBodySchema = decideBody(adIdSchema);
export const reviewDecideBodySchema = decideBody(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

/** What became of each id of a bulk decision: done, or the status and message its single call would have had. */
export type DecideOutcome<Id> = { id: Id; ok: true } | { id: Id; ok: false; status: number; error: string };
