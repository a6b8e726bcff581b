import i18next from 'i18next';
import { alertsTexts } from '../../schema/alerts/alerts-texts.ts';

/**
 * Adds the account settings' Bulgarian texts to i18next when a part that shows them loads, not with the first page
 * (client/i18n/bg.ts names only their type); the English ones ride in the English dictionary (client/i18n/en.ts).
 */
let added = false;
export const addAlertsTexts = (): void => {
  if (added) return;
  // Loaded by useAlertsTexts after a render, so i18next has started; a unit test's import has nothing to add to.
  if (!i18next.isInitialized) return;
  added = true;
  i18next.addResourceBundle('bg', 'translation', { alerts: alertsTexts.bg }, true, true);
};
