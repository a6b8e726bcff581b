import i18next from 'i18next';
import { lastingNoticesTexts } from '../../schema/notices/texts.ts';

/**
 * Adds the lasting notices' Bulgarian texts to i18next when their panel loads, not with the first page (its
 * JavaScript budget): client/i18n/bg.ts names only their type; the English ones ride in the English dictionary's
 * chunk (client/i18n/en.ts), as the checkout's do (client/checkout/texts.ts says why English is not added here).
 */
let added = false;
export const addLastingNoticesTexts = (): void => {
  if (added) return;
  added = true;
  i18next.addResourceBundle('bg', 'translation', { lastingNotices: lastingNoticesTexts.bg }, true, true);
};
addLastingNoticesTexts();
