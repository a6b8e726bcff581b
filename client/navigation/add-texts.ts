import { addBulgarianTexts } from '../i18n/lazy-texts.ts';
import { navigationTextsBg } from '../i18n/navigation-texts-bg.ts';

/** Adds the navigation's Bulgarian texts when the menu bar, the drawer or the footer loads: client/i18n/lazy-texts.ts. */
export const addNavigationTexts = (): void => addBulgarianTexts('navigation', navigationTextsBg);
addNavigationTexts();
