import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, LOCALES, type Language } from './index.ts';

interface Translation {
  t: TFunction;
  language: Language;
  /** Number and currency formatting locale of the language ('bg-BG', 'en-GB'). */
  locale: string;
}

const TranslationContext = createContext<Translation | null>(null);

/**
 * The interface language for the whole tree, read once. react-i18next's useTranslation copies the i18next
 * instance's properties for every component that mounts with it (createI18nWrapper): with a hundred tiles, a
 * price in each, that was about 13 ms of a page's first render on a fast machine, 50 ms on a slow phone.
 */
export function TranslationProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  // A new value only when the language changes: useTranslation hands out a new `t` on other occasions too (its
  // store subscription after the first render), and each would render every translated component again.
  // (useTranslation's `i18n` is a wrapper it re-makes at such times as well: the instance itself is read here.)
  const value = useMemo(() => ({ t: i18next.getFixedT(language), language, locale: LOCALES[language] }), [language]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/** `t`, the language and its number locale, for any component (the whole tree shares one useTranslation). */
export const useT = (): Translation => {
  const value = useContext(TranslationContext);
  if (!value) throw new Error('useT() needs a TranslationProvider above it (client/app/app.tsx)');
  return value;
};
