import { addBulgarianTexts } from '../i18n/lazy-texts.ts';
import { lastingNoticesTexts } from '../../schema/notices/texts.ts';

/** Adds the lasting notices' Bulgarian texts when their panel loads: client/i18n/lazy-texts.ts. */
export const addLastingNoticesTexts = (): void => addBulgarianTexts('lastingNotices', lastingNoticesTexts.bg);
addLastingNoticesTexts();
