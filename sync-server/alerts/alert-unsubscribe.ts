import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  mailLanguageSchema,
  notificationSettingOf,
  type AccountSettingsDoc,
  type MailLanguage,
} from '../../schema/alerts/account-settings.ts';
import { skuSchema } from '../../schema/cart/cart.ts';
import { recordConsent } from '../consent/index.ts';
import { lockOwners } from '../executor/owner-locks.ts';
import { lockOwnerDocuments, writeOwnerDocuments } from '../features/owner-documents.ts';
import type { Database, Sql } from '../store/database.ts';
import { sharedSecret } from '../store/shared-secret.ts';
import { accountSettingsReadModel } from './account-settings-model.ts';

/**
 * One-click unsubscription from a product's stock or price alert (issue 32, RFC 8058): every alert mail names an
 * address that turns that one alert off, signed with the store's key (shared_secrets 'alert-unsubscribe'), so it
 * needs no login and cannot be forged for another shopper or product.
 */
export type AlertKind = 'stock' | 'price';

/** The account setting that turns an alert of this kind on. */
export const alertFlag = (kind: AlertKind): 'notify_for_stock' | 'notify_for_price' =>
  kind === 'stock' ? 'notify_for_stock' : 'notify_for_price';

/** The alert's consent channel (consent_events.channel). */
export const alertChannel = (kind: AlertKind, sku: string): string => `${kind}-alert:${sku}`;

const SECRET_NAME = 'alert-unsubscribe';

export const alertUnsubscribeSecret = (sql: Sql): Promise<string> => sharedSecret(sql, SECRET_NAME);

const signature = (secret: string, owner: string, sku: string, kind: AlertKind): string =>
  createHmac('sha256', secret).update(`${owner}\n${sku}\n${kind}`).digest('base64url');

export const alertUnsubscribeUrl = (
  publicUrl: string,
  secret: string,
  owner: string,
  sku: string,
  kind: AlertKind,
): string => {
  const query = new URLSearchParams({ o: owner, s: sku, k: kind, t: signature(secret, owner, sku, kind) });
  return `${publicUrl}/alerts/unsubscribe?${query.toString()}`;
};

export const alertUnsubscribeQuerySchema = z
  .object({
    o: z.string().min(1).max(100),
    s: skuSchema,
    k: z.enum(['stock', 'price']),
    t: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  })
  .loose();
export type AlertUnsubscribeQuery = z.infer<typeof alertUnsubscribeQuerySchema>;

/** Whether the address was made by the store for this owner, product and alert. */
export const signedByStore = (secret: string, query: AlertUnsubscribeQuery): boolean => {
  const expected = Buffer.from(signature(secret, query.o, query.s, query.k));
  const given = Buffer.from(query.t);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/**
 * Turns the owner's alert off on the account's settings document (every device of the owner sees it live), with
 * the withdrawal recorded beside it. Answers the owner's mail language (for the page), and whether it was on.
 */
export const turnAlertOff = (
  db: Database,
  { o: owner, s: sku, k: kind }: AlertUnsubscribeQuery,
  via: 'one-click' | 'link',
  now = Date.now(),
): Promise<{ language: MailLanguage; wasOn: boolean }> =>
  db.transaction(async (tx) => {
    await lockOwners(tx, [owner]);
    const doc = (await lockOwnerDocuments<AccountSettingsDoc>(tx, accountSettingsReadModel, [owner])).get(owner)!;
    const language = mailLanguageSchema.catch('bg').parse(doc.language);
    const setting = notificationSettingOf(doc, sku);
    const flag = alertFlag(kind);
    if (!setting[flag]) return { language, wasOn: false };
    // As `alerts.set` keeps them: a product with both alerts off is not listed.
    const notifications = doc.notifications
      .map((n) => (n.sku === sku ? { ...n, [flag]: false } : n))
      .filter((n) => n.notify_for_stock || n.notify_for_price);
    await writeOwnerDocuments(tx, [
      { model: accountSettingsReadModel, owner, doc: { ...doc, notifications, updatedAt: now } },
    ]);
    await recordConsent(tx, [{ subject: owner, channel: alertChannel(kind, sku), event: 'withdrawn', via }]);
    return { language, wasOn: true };
  });
