import i18next from 'i18next';
import { navigationTextsBg } from '../i18n/navigation-texts-bg.ts';

/**
 * Adds the navigation's Bulgarian texts to i18next when the menu bar, the drawer or the footer loads, not with the
 * first page: client/i18n/bg.ts names only their type. The English ones ride in the English dictionary's chunk.
 */
let added = false;
export const addNavigationTexts = (): void => {
  if (added) return;
  // Parts load after i18next starts (client/main.tsx); in a unit test's import there is nothing to add to.
  if (!i18next.isInitialized) return;
  added = true;
  i18next.addResourceBundle('bg', 'translation', { navigation: navigationTextsBg }, true, true);
};
addNavigationTexts();
