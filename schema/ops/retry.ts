import { z } from 'zod';
import { commandIdSchema } from '../commands/envelope.ts';

export const commandParamsSchema = z.object({ id: commandIdSchema }).strict();

export const retryBodySchema = z.object({ dryRun: z.boolean() }).strict();

/** An e-mail the retry would send: to whom and which kind (the outbox's kind: 'order-confirmation'…). */
export const previewMailSchema = z.object({ kind: z.string(), to: z.string() });

/** A charge the retry would start: the amount in euro cents and the payment provider asked. */
export const previewChargeSchema = z.object({
  provider: z.string(),
  amountEurCents: z.number().int().min(0).nullable(),
  orderNumber: z.string().nullable(),
});

/** What a retry would cause, found by running it in a transaction that is rolled back: nothing of it stays. */
export const retryPreviewSchema = z.object({
  outcome: z.object({
    status: z.enum(['succeeded', 'rejected', 'failed']),
    code: z.string(),
    message: z.string().optional(),
  }),
  mails: z.array(previewMailSchema),
  charges: z.array(previewChargeSchema),
  totalChargedEurCents: z.number().int().min(0),
  /** One sentence per effect, for the operator to read before confirming. */
  summary: z.array(z.string()),
});
export type RetryPreview = z.infer<typeof retryPreviewSchema>;

export const retryResponseSchema = z.discriminatedUnion('dryRun', [
  z.object({ dryRun: z.literal(true), id: z.string(), preview: retryPreviewSchema }),
  z.object({ dryRun: z.literal(false), id: z.string(), status: z.literal('pending') }),
]);
export type RetryResponse = z.infer<typeof retryResponseSchema>;

export const cancelResponseSchema = z.object({
  id: z.string(),
  status: z.literal('rejected'),
  resultCode: z.literal('cancelled'),
  cancelledBy: z.string(),
});

/** What the device is told of a command an operator cancelled: a refusal with this code. */
export const CANCELLED_CODE = 'cancelled';
export const CANCELLED_MESSAGE = 'Cancelled by the store.';
