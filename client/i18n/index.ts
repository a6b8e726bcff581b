import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bg } from './bg.ts';
import { importWhenReachable } from '../lib/import-when-reachable.ts';

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

/**
 * The English dictionary is its own chunk, loaded when English is chosen: most shoppers read Bulgarian, and the
 * first page's JavaScript has a budget (npm run bench:web).
 */
const englishResources = async () => ({ translation: (await importWhenReachable(() => import('./en.ts'))).en });

export const initI18n = async (): Promise<typeof i18next> => {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  await i18next.use(initReactI18next).init({
    resources: { bg: { translation: bg }, ...(lng === 'en' ? { en: await englishResources() } : {}) },
    partialBundledLanguages: true,
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
  if (lng === 'en' && !i18next.hasResourceBundle('en', 'translation')) {
    i18next.addResourceBundle('en', 'translation', (await englishResources()).translation);
  }
  await i18next.changeLanguage(lng);
};

/** A key built at run time (a category or option code): its translation when one exists, else the fallback. */
export const translateDynamic = (key: string, fallback: string): string =>
  i18next.exists(key) ? (i18next.t as (k: string) => string)(key) : fallback;
