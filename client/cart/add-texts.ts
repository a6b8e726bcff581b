import i18next from 'i18next';
import { cartPageTexts } from '../../schema/cart/page-texts.ts';

/**
 * Adds the cart page's Bulgarian texts to i18next when the page loads, not with the first page: client/i18n/bg.ts
 * names only their type. The English ones ride in the English dictionary's own chunk (client/i18n/en.ts), as the
 * checkout's do (adding a bundle for a language not loaded yet would make the store think its dictionary was there).
 */
let added = false;
export const addCartPageTexts = (): void => {
  if (added) return;
  added = true;
  i18next.addResourceBundle('bg', 'translation', { cartPage: cartPageTexts.bg }, true, true);
};
addCartPageTexts();
