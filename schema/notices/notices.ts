import { z } from 'zod';
import { commandIdSchema, epochMsSchema } from '../commands/envelope.ts';

/**
 * How long a server's decision stays a lasting notice: long enough for a shopper who comes back after a holiday,
 * and a bound on the outcomes a device looks through for them.
 */
export const NOTICE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** The most notices one `notices.acknowledge` takes ("got them all" on a long list is a few commands). */
export const NOTICES_MAX_PER_COMMAND = 50;

export const acknowledgementSchema = z
  .object({
    /** The id of the command whose outcome the notice told of. */
    id: commandIdSchema,
    /** When that command was made (its createdAt). */
    createdAt: epochMsSchema,
  })
  .strict();
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;
