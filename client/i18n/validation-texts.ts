import { ACCOUNT_MESSAGE_TEXTS } from '../../schema/account/messages.ts';
import { addBulgarianTexts } from './lazy-texts.ts';

/**
 * The forms' validation messages in Bulgarian (account.validation), added with the first form that can show one
 * (client/ui/form/ui-message.ts imports this file), not with the first page, which shows none.
 */
addBulgarianTexts('account', { validation: ACCOUNT_MESSAGE_TEXTS.bg });
