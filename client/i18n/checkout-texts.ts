import i18next from 'i18next';
import { checkoutTextsBg } from './checkout-texts-bg.ts';

/**
 * Adds the checkout's Bulgarian texts to i18next, once, when a checkout or orders module loads: they are not part of
 * the first page's dictionary (its JavaScript budget), only their type is (client/i18n/bg.ts). The English ones ride
 * in the English dictionary's own chunk (client/i18n/en.ts), so nothing is added for English here: adding a bundle
 * for a language not loaded yet would make the store think its dictionary was there.
 */
let added = false;
const add = (): void => {
  if (added) return;
  added = true;
  i18next.addResourceBundle('bg', 'translation', { checkout: checkoutTextsBg }, true, true);
};
export const addCheckoutTexts = (): void => {
  // Pages load after i18next starts (client/main.tsx); elsewhere (a unit test's import) there is nothing to add to.
  if (i18next.isInitialized) add();
  else if (typeof i18next.on === 'function') i18next.on('initialized', add);
};
addCheckoutTexts();
