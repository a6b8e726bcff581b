import { z } from 'zod';
import { skuSchema } from '../cart/cart.ts';
import { mailLanguageSchema } from './account-settings.ts';

/**
 * The account settings' commands. `alerts.set` stores one product's notification settings (the spec's
 * POST /api/products/store-notification-settings); the mailings send the owner's cart or wishlist to the owner's
 * e-mail (spec: logged in only). `language` is the language the shopper uses, which the owner's mails follow.
 */
export const alertsCommands = {
  'alerts.set': {
    payload: z
      .object({
        sku: skuSchema,
        notify_for_stock: z.boolean(),
        notify_for_price: z.boolean(),
        language: mailLanguageSchema.default('bg'),
      })
      .strict(),
    result: z.object({ sku: skuSchema, notify_for_stock: z.boolean(), notify_for_price: z.boolean() }),
  },
  'mailings.sendCart': {
    payload: z.object({ language: mailLanguageSchema.default('bg') }).strict(),
    /** `lines`: how many lines the mail lists. */
    result: z.object({ sent: z.literal(true), lines: z.number().int().min(0) }),
  },
  'mailings.sendWishlist': {
    payload: z.object({ language: mailLanguageSchema.default('bg') }).strict(),
    result: z.object({ sent: z.literal(true), lines: z.number().int().min(0) }),
  },
} as const;
