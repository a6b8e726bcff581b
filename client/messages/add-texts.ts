import i18next from 'i18next';
import { messageTexts } from '../../schema/messages/texts.ts';

/**
 * Adds the message forms' Bulgarian texts to i18next when a form loads, not with the first page: client/i18n/bg.ts
 * names only their type, and the English ones ride in the English dictionary (as client/payments/add-texts.ts).
 */
let added = false;
export const addMessageTexts = (): void => {
  if (added) return;
  if (!i18next.isInitialized) return;
  added = true;
  i18next.addResourceBundle('bg', 'translation', { messages: messageTexts.bg }, true, true);
};
addMessageTexts();
