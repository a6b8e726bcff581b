import { addBulgarianTexts } from '../i18n/lazy-texts.ts';
import { placesTexts } from '../../schema/places/texts.ts';

/** Adds the city field's Bulgarian texts when the field loads (with the checkout): client/i18n/lazy-texts.ts. */
export const addPlacesTexts = (): void => addBulgarianTexts('places', placesTexts.bg);
addPlacesTexts();
