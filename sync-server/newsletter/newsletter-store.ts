import { randomBytes } from 'node:crypto';
import {
  mailLanguageSchema,
  type AccountSettingsDoc,
  type MailLanguage,
  type NewsletterStatus,
} from '../../schema/alerts/account-settings.ts';
import { NEWSLETTER_CONFIRM_MS, newsletterCouponFor } from '../../schema/newsletter/newsletter.ts';
import { secretHash } from '../accounts/outbox.ts';
import type { DeliveredMail } from '../accounts/mail-transport.ts';
import { emailKeyOf } from '../accounts/users.ts';
import { accountSettingsReadModel } from '../alerts/account-settings-model.ts';
import { enqueueMail } from '../accounts/outbox.ts';
import { lockOwners } from '../executor/owner-locks.ts';
import { lockOwnerDocuments, writeOwnerDocuments } from '../features/owner-documents.ts';
import type { Database, Sql } from '../store/database.ts';
import { recordConsent } from '../consent/index.ts';
import { confirmMailText, couponMailText, unsubscribeUrl } from './newsletter-mail.ts';

/**
 * The newsletter with double opt-in: subscribing writes a pending row and a confirmation mail whose link's secret
 * is kept only as its hash (and handed to the mailer once, after the commit); opening the link confirms, and the
 * first confirmation of an address, ever, makes its newsletter coupon (10% off, one use, for orders under that
 * address only) in the coupons store and mails it. An address with an account has its state on the account's
 * settings document, rewritten in the same transaction (after the owner's lock), so every device of the owner sees
 * it live.
 */

interface SubscriptionRow {
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  language: string;
  unsubscribe_token: string;
  coupon_code: string | null;
  confirm_expires_at: Date | null;
}

const token = (): string => randomBytes(32).toString('base64url');

/** The account of an address, if it has one: its settings document follows the subscription's state. */
const setAccountStatus = async (tx: Sql, emailKey: string, status: NewsletterStatus, now: number): Promise<void> => {
  const [user] = await tx.query<{ owner: string }>('SELECT owner FROM users WHERE email_key = $1', [emailKey]);
  if (!user) return;
  await lockOwners(tx, [user.owner]);
  const docs = await lockOwnerDocuments<AccountSettingsDoc>(tx, accountSettingsReadModel, [user.owner]);
  const doc = docs.get(user.owner)!;
  if (doc.newsletter.status === status) return;
  await writeOwnerDocuments(tx, [
    { model: accountSettingsReadModel, owner: user.owner, doc: { ...doc, newsletter: { status }, updatedAt: now } },
  ]);
};

export type SubscribeOutcome = { kind: 'confirm-sent'; mail: DeliveredMail } | { kind: 'already-subscribed' };

export const subscribe = async (
  db: Database,
  email: string,
  language: MailLanguage,
  publicUrl: string,
  now = Date.now(),
): Promise<SubscribeOutcome> =>
  db.transaction(async (tx) => {
    const key = emailKeyOf(email);
    const [row] = await tx.query<SubscriptionRow>(
      'SELECT status FROM newsletter_subscriptions WHERE email_key = $1 FOR UPDATE',
      [key],
    );
    if (row?.status === 'confirmed') return { kind: 'already-subscribed' };
    const secret = token();
    await tx.query(
      `INSERT INTO newsletter_subscriptions
         (email_key, email, status, language, confirm_hash, confirm_expires_at, unsubscribe_token)
       VALUES ($1, $2, 'pending', $3, $4, $5, $6)
       ON CONFLICT (email_key) DO UPDATE SET email = EXCLUDED.email, status = 'pending', language = EXCLUDED.language,
         confirm_hash = EXCLUDED.confirm_hash, confirm_expires_at = EXCLUDED.confirm_expires_at`,
      [key, email, language, secretHash(secret), new Date(now + NEWSLETTER_CONFIRM_MS), token()],
    );
    const mail = await enqueueMail(tx, {
      kind: 'newsletter-confirm',
      to: email,
      ...confirmMailText(language, publicUrl),
      secret,
    });
    await setAccountStatus(tx, key, 'pending', now);
    return { kind: 'confirm-sent', mail };
  });

export type ConfirmOutcome =
  | { kind: 'confirmed'; language: MailLanguage; couponCode: string }
  | { kind: 'unknown-link' }
  | { kind: 'expired'; language: MailLanguage };

/** A new coupon code: "NL-" and 10 letters or digits a person can read out (no 0/O, 1/I). */
const couponCode = (): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return `NL-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
};

export const confirmSubscription = async (
  db: Database,
  secret: string,
  publicUrl: string,
  now = Date.now(),
): Promise<ConfirmOutcome> =>
  db.transaction(async (tx) => {
    const [row] = await tx.query<SubscriptionRow & { email_key: string }>(
      `SELECT email_key, email, status, language, unsubscribe_token, coupon_code, confirm_expires_at
       FROM newsletter_subscriptions WHERE confirm_hash = $1 FOR UPDATE`,
      [secretHash(secret)],
    );
    if (!row) return { kind: 'unknown-link' };
    const language = mailLanguageSchema.catch('bg').parse(row.language);
    if (row.confirm_expires_at && row.confirm_expires_at.getTime() < now) return { kind: 'expired', language };
    let code = row.coupon_code;
    if (code === null) {
      code = couponCode();
      // The subscriber's own code: one order, and only an order under this address (issue 29).
      await tx.query('INSERT INTO coupons (code, doc) VALUES ($1, $2)', [
        code,
        JSON.stringify(newsletterCouponFor(code, row.email)),
      ]);
      await enqueueMail(tx, {
        kind: 'newsletter-coupon',
        to: row.email,
        ...couponMailText(language, publicUrl, code, row.unsubscribe_token),
        listUnsubscribe: unsubscribeUrl(publicUrl, row.unsubscribe_token),
      });
    }
    await tx.query(
      `UPDATE newsletter_subscriptions SET status = 'confirmed', confirm_hash = NULL, confirm_expires_at = NULL,
         confirmed_at = now(), coupon_code = $2 WHERE email_key = $1`,
      [row.email_key, code],
    );
    await setAccountStatus(tx, row.email_key, 'subscribed', now);
    if (row.status !== 'confirmed') {
      await recordConsent(tx, [
        { subject: row.email_key, channel: 'newsletter', event: 'given', via: 'double-opt-in' },
      ]);
    }
    return { kind: 'confirmed', language, couponCode: code };
  });

/**
 * How an address was unsubscribed, for its consent record: the form (DELETE /api/user/subscribe), the link in a mail,
 * or the reader's mail client in one click (RFC 8058).
 */
export type UnsubscribeVia = 'form' | 'link' | 'one-click';

/** Unsubscribes an address (by the address, or by the token of its mails); false when it was not subscribed. */
export const unsubscribe = async (
  db: Database,
  by: { email: string } | { token: string },
  via: UnsubscribeVia,
  now = Date.now(),
): Promise<{ unsubscribed: boolean; language: MailLanguage }> =>
  db.transaction(async (tx) => {
    const [row] = await tx.query<SubscriptionRow & { email_key: string }>(
      'email' in by
        ? 'SELECT email_key, status, language FROM newsletter_subscriptions WHERE email_key = $1 FOR UPDATE'
        : 'SELECT email_key, status, language FROM newsletter_subscriptions WHERE unsubscribe_token = $1 FOR UPDATE',
      ['email' in by ? emailKeyOf(by.email) : by.token],
    );
    const language = mailLanguageSchema.catch('bg').parse(row?.language);
    if (!row || row.status === 'unsubscribed') return { unsubscribed: false, language };
    await tx.query(
      `UPDATE newsletter_subscriptions SET status = 'unsubscribed', confirm_hash = NULL, confirm_expires_at = NULL
       WHERE email_key = $1`,
      [row.email_key],
    );
    await setAccountStatus(tx, row.email_key, 'unsubscribed', now);
    // A pending address had given no consent yet: only a confirmed one withdraws it.
    if (row.status === 'confirmed') {
      await recordConsent(tx, [{ subject: row.email_key, channel: 'newsletter', event: 'withdrawn', via }]);
    }
    return { unsubscribed: true, language };
  });
