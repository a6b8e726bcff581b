import { sofiaOffsetByHand } from '../../../schema/catalog/rules/shop-time.ts';

const MONTHS = {
  bg: [
    'януари',
    'февруари',
    'март',
    'април',
    'май',
    'юни',
    'юли',
    'август',
    'септември',
    'октомври',
    'ноември',
    'декември',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
} as const;

const LOCALES = { bg: 'bg-BG', en: 'en-GB' } as const;

/**
 * A post's day in Sofia as `Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Sofia' })` writes it
 * ("5 май 2026 г.", "5 May 2026"), by hand where Sofia's clock is known by hand (shop-time.ts): a page's first
 * Intl date format loads the locale's calendar and zone data, 50-90 ms of home's main thread on a slow phone.
 * Empty for a text that is no date.
 */
export const blogDate = (text: string, language: 'bg' | 'en'): string => {
  const instant = new Date(text).getTime();
  if (Number.isNaN(instant)) return '';
  const offset = sofiaOffsetByHand(instant);
  if (offset === null) {
    return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'Europe/Sofia' }).format(instant);
  }
  const wall = new Date(instant + offset);
  const day = `${wall.getUTCDate()} ${MONTHS[language][wall.getUTCMonth()]!} ${wall.getUTCFullYear()}`;
  return language === 'bg' ? `${day} г.` : day;
};
