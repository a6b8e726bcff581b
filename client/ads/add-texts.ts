import i18next from 'i18next';
import { adsTextsBg } from '../i18n/ads-texts-bg.ts';

/**
 * Adds the ads' Bulgarian texts to i18next when an ads page loads, not with the first page: client/i18n/bg.ts names
 * only their type. The English ones ride in the English dictionary's own chunk (client/i18n/en.ts), as the payments'
 * do (adding a bundle for a language not loaded yet would make the store think its dictionary was there).
 */
let added = false;
const add = (): void => {
  if (added) return;
  added = true;
  i18next.addResourceBundle('bg', 'translation', { ads: adsTextsBg }, true, true);
};
export const addAdsTexts = (): void => {
  // Pages load after i18next starts (client/main.tsx); in a unit test's import there is nothing to add to.
  if (i18next.isInitialized) add();
  else if (typeof i18next.on === 'function') i18next.on('initialized', add);
};
addAdsTexts();
