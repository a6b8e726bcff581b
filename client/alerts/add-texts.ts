import { addBulgarianTexts } from '../i18n/lazy-texts.ts';
import { alertsTexts } from '../../schema/alerts/alerts-texts.ts';

/** Adds the account settings' Bulgarian texts when a part that shows them loads (useAlertsTexts calls it): client/i18n/lazy-texts.ts. */
export const addAlertsTexts = (): void => addBulgarianTexts('alerts', alertsTexts.bg);
