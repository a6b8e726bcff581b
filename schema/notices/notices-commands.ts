import { z } from 'zod';
import { acknowledgementSchema, NOTICES_MAX_PER_COMMAND } from './notices.ts';

/** The lasting notices' one command: the shopper has seen these (by the ids of the commands they told of). */
export const noticesCommands = {
  'notices.acknowledge': {
    payload: z
      .object({
        notices: z
          .array(acknowledgementSchema)
          .min(1)
          .max(NOTICES_MAX_PER_COMMAND)
          .refine((list) => new Set(list.map((n) => n.id)).size === list.length, 'must not repeat a notice'),
      })
      .strict(),
    /** How many of them were new (acknowledging one twice, from two devices at once, changes nothing). */
    result: z.object({ acknowledged: z.number().int().min(0) }),
  },
} as const;
