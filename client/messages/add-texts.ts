import { addBulgarianTexts } from '../i18n/lazy-texts.ts';
import { messageTexts } from '../../schema/messages/texts.ts';

/** Adds the message forms' Bulgarian texts when a form loads: client/i18n/lazy-texts.ts. */
export const addMessageTexts = (): void => addBulgarianTexts('messages', messageTexts.bg);
addMessageTexts();
