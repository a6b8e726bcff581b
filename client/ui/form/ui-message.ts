import { accountMessageKey } from '../../../schema/account/messages.ts';
// The Bulgarian words of the keys issueMessage gives (the first page carries none of them).
import '../../i18n/validation-texts.ts';

/**
 * What a form shows: a translation key (so a language switch re-renders it) or, for a server text we have no
 * translation of, the text itself. The same shape as the notifications' messages.
 */
export type UiMessage = { key: string; params?: Record<string, string | number> } | { text: string };

/** Our own schema messages (the shipping form's) are i18n keys under `account.`. */
const OWN_KEY = /^account\.[A-Za-z.]+$/;

/**
 * A schema issue's text as a message: the account schemas write the Bulgarian sentence, which maps back to its key
 * under `account.validation`, so English speakers read it in English; any other text is shown as it is.
 */
export const issueMessage = (text: string): UiMessage => {
  const key = accountMessageKey(text);
  if (key) return { key };
  return OWN_KEY.test(text) ? { key: text } : { text };
};
