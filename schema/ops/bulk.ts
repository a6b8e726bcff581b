import { z } from 'zod';
import { commandFilterSchema } from './command-filter.ts';

/**
 * Bulk retry or cancel of the commands a filter selects (the command log's filters, command-filter.ts). A retry
 * takes only failed commands; a cancel failed or pending ones. With `dryRun` nothing changes: the answer is the count
 * the job would touch.
 */
export const bulkBodySchema = z
  .object({
    action: z.enum(['retry', 'cancel']),
    filter: commandFilterSchema,
    dryRun: z.boolean(),
  })
  .strict();
export type BulkBody = z.infer<typeof bulkBodySchema>;

export const bulkPreviewSchema = z.object({
  dryRun: z.literal(true),
  action: z.enum(['retry', 'cancel']),
  /** Commands the filter selects, and of them those the action can take. */
  matching: z.number().int().min(0),
  eligible: z.number().int().min(0),
});

export const bulkJobSchema = z.object({
  id: z.number().int(),
  action: z.enum(['retry', 'cancel']),
  state: z.enum(['running', 'finished', 'aborted']),
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  failed: z.number().int().min(0),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

export const bulkStartedSchema = z.object({ dryRun: z.literal(false), job: bulkJobSchema });

export const bulkParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict();
