import { addBulgarianTexts } from './lazy-texts.ts';
import { accountPageTextsBg } from './account-texts-bg.ts';

/** Adds the account pages' Bulgarian texts (merged into the account namespace, beside the header's menu and the
 * validation messages the first page carries) when a form or page that shows them loads; each imports this file:
 * client/i18n/lazy-texts.ts. */
export const addAccountTexts = (): void => addBulgarianTexts('account', accountPageTextsBg);
addAccountTexts();
