import { addBulgarianTexts } from '../i18n/lazy-texts.ts';
import { adsTextsBg } from '../i18n/ads-texts-bg.ts';

/** Adds the ads' Bulgarian texts when an ads page loads: client/i18n/lazy-texts.ts. */
export const addAdsTexts = (): void => addBulgarianTexts('ads', adsTextsBg);
addAdsTexts();
