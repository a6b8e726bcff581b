import { z } from 'zod';
import { appliedSeqSchema } from '../commands/applied-seqs.ts';
import { epochMsSchema, ownerIdSchema, serverSeqSchema } from '../commands/envelope.ts';
import { skuSchema } from '../cart/cart.ts';

/**
 * The account's settings: one document per owner, written only by the server and replicated to every device of the
 * owner as the `accountSettings` collection. It holds the stock and price notification settings (spec: per
 * product, notify_for_stock and notify_for_price) and the newsletter state, in ONE collection because a browser tab
 * opens at most 13 (README "Collections").
 */
export const ACCOUNT_SETTINGS_COLLECTION = 'accountSettings';

/** The most products one account watches (a bound on a document every device replicates). */
export const NOTIFICATION_SETTINGS_MAX = 500;

/** The languages a mail is written in; Bulgarian is the shop's default. */
export const mailLanguageSchema = z.enum(['bg', 'en']);
export type MailLanguage = z.infer<typeof mailLanguageSchema>;

export const notificationSettingSchema = z
  .object({ sku: skuSchema, notify_for_stock: z.boolean(), notify_for_price: z.boolean() })
  .strict();
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** none: never asked; pending: asked, the confirmation link not yet opened; subscribed; unsubscribed. */
export const newsletterStatusSchema = z.enum(['none', 'pending', 'subscribed', 'unsubscribed']);
export type NewsletterStatus = z.infer<typeof newsletterStatusSchema>;

export const accountSettingsDocSchema = z
  .object({
    owner: ownerIdSchema,
    /** Only products with at least one alert on: turning both off removes the entry. */
    notifications: z.array(notificationSettingSchema).max(NOTIFICATION_SETTINGS_MAX),
    newsletter: z.object({ status: newsletterStatusSchema }).strict(),
    /** The language of the owner's mails: the one the owner last used in a command or the newsletter form. */
    language: mailLanguageSchema,
    applied: z.array(appliedSeqSchema),
    updatedAt: epochMsSchema,
    serverSeq: serverSeqSchema,
  })
  .strict();
export type AccountSettingsDoc = z.infer<typeof accountSettingsDocSchema>;

export const emptyAccountSettings = (owner: string): AccountSettingsDoc => ({
  owner,
  notifications: [],
  newsletter: { status: 'none' },
  language: 'bg',
  applied: [],
  updatedAt: 0,
  serverSeq: 0,
});

/** The settings of one sku (both off when the account has none for it). */
export const notificationSettingOf = (doc: AccountSettingsDoc, sku: string): NotificationSetting =>
  doc.notifications.find((n) => n.sku === sku) ?? { sku, notify_for_stock: false, notify_for_price: false };
