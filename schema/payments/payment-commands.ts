import { z } from 'zod';
import { orderIdSchema } from '../orders/order.ts';

/**
 * The shopper's payment intents, commands like any other (queued offline, executed once):
 * - `payment.start`: opens an attempt for an order awaiting payment. The command's id is the attempt's id, the
 *   idempotency key with the provider, so a double click or a repeated push is one attempt. The browser then asks
 *   `POST /api/payments/:attemptId/begin` for its step (the signed BORICA form, PayPal's approve link).
 * - `payment.switchToOffline`: the shopper gives up paying online and pays on delivery (or by transfer) instead.
 */
export const paymentStartResultSchema = z.object({
  orderId: orderIdSchema,
  attemptId: z.string().max(36),
  providerRef: z.string().max(64),
});

export const paymentCommands = {
  'payment.start': {
    payload: z.object({ orderId: orderIdSchema }).strict(),
    result: paymentStartResultSchema,
  },
  'payment.switchToOffline': {
    payload: z.object({ orderId: orderIdSchema, paymentMethod: z.enum(['cashondelivery', 'banktransfer']) }).strict(),
    result: z.object({ orderId: orderIdSchema, paymentMethod: z.enum(['cashondelivery', 'banktransfer']) }),
  },
} as const;
