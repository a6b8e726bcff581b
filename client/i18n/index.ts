import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bg } from './bg.ts';
import { en } from './en.ts';

export const LANGUAGES = ['bg', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'bg';

const STORAGE_KEY = 'store.language';

/** Number and currency formatting follow the interface language. */
export const LOCALES: Record<Language, string> = { bg: 'bg-BG', en: 'en-GB' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const storedLanguage = (): Language => {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

export const currentLanguage = (): Language =>
  isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;

export const initI18n = async (): Promise<typeof i18next> => {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  await i18next.use(initReactI18next).init({
    resources: { bg: { translation: bg }, en: { translation: en } },
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  i18next.on('languageChanged', (next) => {
    if (isLanguage(next)) document.documentElement.lang = next;
  });
  return i18next;
};

export const setLanguage = async (lng: Language): Promise<void> => {
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  await i18next.changeLanguage(lng);
};

/** A key built at run time (a category or option code): its translation when one exists, else the fallback. */
export const translateDynamic = (key: string, fallback: string): string =>
  i18next.exists(key) ? (i18next.t as (k: string) => string)(key) : fallback;
