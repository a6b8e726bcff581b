import i18next from 'i18next';
import { paymentTextsBg } from '../i18n/payment-texts-bg.ts';

/**
 * Adds the payments' Bulgarian texts to i18next when a payment part loads, not with the first page: client/i18n/bg.ts
 * names only their type. The English ones ride in the English dictionary's own chunk (client/i18n/en.ts), as the
 * cart page's do (adding a bundle for a language not loaded yet would make the store think its dictionary was there).
 */
let added = false;
export const addPaymentTexts = (): void => {
  if (added) return;
  // Pages load after i18next starts (client/main.tsx); in a unit test's import there is nothing to add to.
  if (!i18next.isInitialized) return;
  added = true;
  i18next.addResourceBundle('bg', 'translation', { payments: paymentTextsBg }, true, true);
};
addPaymentTexts();
