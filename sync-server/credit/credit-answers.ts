import { z } from 'zod';

/**
 * What the credit provider answers (simulators/credit speaks it; the real providers' APIs are not public, so this
 * contract is ours and a real provider gets a small adapter here). Nothing is believed before it parses.
 */
export const APPLICATION_STATUSES = ['approved', 'documents_required', 'refused', 'cancelled'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const applicationAnswerSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.enum(APPLICATION_STATUSES),
  /** Why it was refused (the provider's code), when it was. */
  reason: z.string().max(200).optional(),
  /** The documents the provider asks for, in its own words. */
  documents: z.array(z.string().max(200)).max(20).optional(),
  creditAmount: z.number().int().min(0),
});
export type ApplicationAnswer = z.infer<typeof applicationAnswerSchema>;

export const cancellationAnswerSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.literal('cancelled'),
  cancellationId: z.string().min(1).max(100),
});
