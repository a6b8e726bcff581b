import i18next from 'i18next';
import { addBulgarianTexts } from '../i18n/lazy-texts.ts';
import { opsTextsBg } from '../i18n/ops-texts-bg.ts';
import { opsTextsEn } from '../i18n/ops-texts-en.ts';

/**
 * The console's texts in both languages, added when the console loads: a shopper reading English never downloads
 * them with the shop's English dictionary. English is added only to an English bundle that is there (added before
 * it, it would make i18next think the shop's English had loaded: client/i18n/lazy-texts.ts), and again whenever the
 * language changes to English, which is when client/i18n/index.ts has just loaded that bundle.
 */
const addEnglish = (): void => {
  if (
    i18next.hasResourceBundle('en', 'translation') &&
    i18next.getResource('en', 'translation', 'ops.title') === undefined
  ) {
    i18next.addResourceBundle('en', 'translation', { ops: opsTextsEn }, true, true);
  }
};

export const addOpsTexts = (): void => {
  addBulgarianTexts('ops', opsTextsBg);
  if (typeof i18next.on !== 'function') return;
  addEnglish();
  i18next.on('languageChanged', addEnglish);
};
addOpsTexts();
