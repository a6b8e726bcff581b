import type { Dictionary } from '../i18n/bg.ts';
import type { NotificationInput } from '../ui/notifications.tsx';

/**
 * Notice texts of the shortlists (spec catalogue.md section 8) live in the app's dictionaries under `shortlists`
 * (client/i18n/bg.ts and en.ts): English is the spec's wording; interpolation is i18next's `{{productName}}`.
 */
export type ShortlistMessage = keyof Dictionary['shortlists'];

/** The full i18n key of a shortlist message, e.g. 'shortlists.wishlistAdded'. */
export const messageKey = <M extends ShortlistMessage>(message: M): `shortlists.${M}` => `shortlists.${message}`;

export const SHORTLIST_MESSAGES = {
  wishlistAdded: messageKey('wishlistAdded'),
  wishlistRemoved: messageKey('wishlistRemoved'),
  compareAdded: messageKey('compareAdded'),
  compareRemoved: messageKey('compareRemoved'),
  compareFull: messageKey('compareFull'),
  storageReset: messageKey('storageReset'),
} as const;
export type ShortlistNoticeKey = (typeof SHORTLIST_MESSAGES)[keyof typeof SHORTLIST_MESSAGES];

/** What a reducer asks the view to show. Every notice names the product it is about. */
export interface ShortlistNotice {
  key: ShortlistNoticeKey;
  params: { productName: string } & Record<string, string | number>;
}

/** The reducers' result: the next list (the same array when nothing changed) and the notice to show, if any. */
export interface ShortlistResult<T> {
  list: readonly T[];
  notice?: ShortlistNotice;
}

/**
 * A notice as the notification centre takes it. Spec: each add or removal shows a notice with an OK action; the
 * centre gives every notice its OK button, so no extra action is needed. A full compare list is information, not
 * success.
 */
export const toNotification = (notice: ShortlistNotice): NotificationInput => ({
  kind: notice.key === SHORTLIST_MESSAGES.compareFull ? 'info' : 'success',
  message: { key: notice.key, params: notice.params },
});
