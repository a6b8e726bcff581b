import { z } from 'zod';
import { acknowledgementSchema, NOTICES_MAX_PER_COMMAND } from './notices.ts';
import { orderChangeAcknowledgementSchema, orderChangeKey } from './order-changes.ts';

/**
 * The lasting notices' one command: the shopper has seen these. `notices` names outcomes (by the ids of the
 * commands they told of); `orderChanges` names changes of orders the shopper did not cause (an operator's move, a
 * payment decided by the server: schema/notices/order-changes.ts). At least one of the two is named.
 */
export const noticesCommands = {
  'notices.acknowledge': {
    payload: z
      .object({
        notices: z
          .array(acknowledgementSchema)
          .max(NOTICES_MAX_PER_COMMAND)
          .refine((list) => new Set(list.map((n) => n.id)).size === list.length, 'must not repeat a notice'),
        orderChanges: z
          .array(orderChangeAcknowledgementSchema)
          .max(NOTICES_MAX_PER_COMMAND)
          .refine((list) => new Set(list.map(orderChangeKey)).size === list.length, 'must not repeat an order change')
          .optional(),
      })
      .strict()
      .refine((payload) => payload.notices.length + (payload.orderChanges?.length ?? 0) > 0, {
        message: 'must name at least one notice',
        path: ['notices'],
      }),
    /** How many of them were new (acknowledging one twice, from two devices at once, changes nothing). */
    result: z.object({ acknowledged: z.number().int().min(0) }),
  },
} as const;
