import i18next from 'i18next';
import { accountPageTextsBg } from './account-texts-bg.ts';

/**
 * Adds the account pages' Bulgarian texts to the `account` namespace (merged, beside the header's menu and the
 * validation messages the first page carries) when a form or page that shows them loads: each imports this file.
 * The English ones ride in the English dictionary's own chunk (en.ts), as the payments' do.
 */
let added = false;
export const addAccountTexts = (): void => {
  if (added) return;
  // Pages load after i18next starts (client/main.tsx); in a unit test's import there is nothing to add to.
  if (!i18next.isInitialized) return;
  added = true;
  i18next.addResourceBundle('bg', 'translation', { account: accountPageTextsBg }, true, false);
};
addAccountTexts();
