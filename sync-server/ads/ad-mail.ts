import type { OwnAd } from '../../schema/ads/ad.ts';
import { formatDate } from './ad-mail-date.ts';
import type { Sql } from '../store/database.ts';

/**
 * The e-mail an operator's decision sends the ad's owner: Bulgarian first, then English (the store does not know
 * which the owner reads). The body is plain text; the mail worker escapes all of it for the HTML part
 * (sync-server/mail/compose.ts), the title the shopper wrote and the operator's reason included, and the addresses
 * in them are quoted so that they stay text.
 */
export type AdMailEvent = 'approved' | 'refused';

export interface AdMail {
  kind: 'ad-status';
  to: string;
  subject: string;
  body: string;
}

/**
 * What the shopper wrote, as the mail quotes it: the worker makes every http(s) address of a mail's text a link,
 * and a link in the shop's own mail must be the shop's, never one a shopper typed into a title.
 */
export const quoted = (text: string): string => text.replace(/\b(https?):\/\//gi, '$1: ');

export const adMail = (ad: OwnAd, event: AdMailEvent, to: string): AdMail => {
  const title = quoted(ad.title);
  const bg =
    event === 'approved'
      ? [`Обявата ви „${title}“ е одобрена и публикувана.`, `Ще бъде видима до ${formatDate(ad.expiresAt, 'bg-BG')}.`]
      : [
          `Обявата ви „${title}“ не беше одобрена.`,
          `Причина: ${quoted(ad.refusal ?? '')}`,
          'Можете да я редактирате и да я изпратите отново.',
        ];
  const en =
    event === 'approved'
      ? [`Your ad "${title}" is approved and published.`, `It is listed until ${formatDate(ad.expiresAt, 'en-GB')}.`]
      : [
          `Your ad "${title}" was not approved.`,
          `Reason: ${quoted(ad.refusal ?? '')}`,
          'You can edit it and send it again.',
        ];
  const subject =
    event === 'approved'
      ? 'Обявата ви е публикувана / Your ad is published'
      : 'Обявата ви не е одобрена / Your ad was not approved';
  return {
    kind: 'ad-status',
    to,
    subject,
    body: ['Здравейте,', '', ...bg, '', '—', '', 'Hello,', '', ...en].join('\n'),
  };
};

/** The owner's e-mail address, when the owner is a user with one (a guest has none: no mail). */
export const ownerEmail = async (sql: Sql, owner: string): Promise<string | undefined> => {
  const [row] = await sql.query<{ email: string }>('SELECT email FROM users WHERE owner = $1', [owner]);
  return row?.email;
};
