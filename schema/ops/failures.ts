import { z } from 'zod';

/** The console's failure view: failed and refused commands grouped by cause, over the last hour, day or week. */
export const FAILURE_RANGES = {
  /** 60 buckets of a minute. */
  hour: { spanMs: 3_600_000, bucketMs: 60_000 },
  /** 144 buckets of 10 minutes. */
  day: { spanMs: 86_400_000, bucketMs: 600_000 },
  /** 168 buckets of an hour. */
  week: { spanMs: 604_800_000, bucketMs: 3_600_000 },
} as const;
export type FailureRange = keyof typeof FAILURE_RANGES;

export const failuresQuerySchema = z.object({ range: z.enum(['hour', 'day', 'week']).default('day') }).strict();

/**
 * One cause: a command type with its refusal's result code (`rejected`), or with the error's name for a command that
 * broke (`failed`: a dead letter, or a handler that threw). `cause` is that code or name.
 */
export const failureGroupSchema = z.object({
  type: z.string(),
  status: z.enum(['failed', 'rejected']),
  cause: z.string(),
  /** The result code the commands carry (what a bulk filter selects them by). */
  resultCode: z.string(),
  count: z.number().int().min(0),
  firstSeen: z.number().int(),
  lastSeen: z.number().int(),
  /** Counts per bucket, oldest first, `buckets.length` = span / bucket. */
  buckets: z.array(z.number().int().min(0)),
});
export type FailureGroup = z.infer<typeof failureGroupSchema>;

export const failuresResponseSchema = z.object({
  range: z.enum(['hour', 'day', 'week']),
  /** The first bucket's start (epoch ms) and each bucket's length. */
  from: z.number().int(),
  bucketMs: z.number().int(),
  /** Most frequent first. */
  groups: z.array(failureGroupSchema),
});
export type FailuresResponse = z.infer<typeof failuresResponseSchema>;
