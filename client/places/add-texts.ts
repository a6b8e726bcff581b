import i18next from 'i18next';
import { placesTexts } from '../../schema/places/texts.ts';

/**
 * Adds the city field's Bulgarian texts to i18next when the field loads (with the checkout), not with the first
 * page: client/i18n/bg.ts names only their type. The English ones ride in the English dictionary's own chunk
 * (client/i18n/en.ts), as the checkout's do (client/checkout/texts.ts explains why nothing is added for English).
 */
let added = false;
export const addPlacesTexts = (): void => {
  if (added) return;
  added = true;
  i18next.addResourceBundle('bg', 'translation', { places: placesTexts.bg }, true, true);
};
addPlacesTexts();
