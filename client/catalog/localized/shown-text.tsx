import type { ShownText } from '../../../schema/catalog/localized.ts';

/**
 * The `lang` attribute an element showing `shown` needs (issue 19): none when the words are in the page's own
 * language, 'bg' for words the catalogue has only in Bulgarian on an English page, so a screen reader reads them
 * in Bulgarian and the page marks them as Bulgarian.
 */
export const langOf = (shown: ShownText, pageLanguage: string): string | undefined =>
  shown.lang === pageLanguage ? undefined : shown.lang;

/** Catalogue words as a span that says their language when it is not the page's. */
export function Shown({ shown, pageLanguage }: { shown: ShownText; pageLanguage: string }) {
  const lang = langOf(shown, pageLanguage);
  return lang === undefined ? <>{shown.text}</> : <span lang={lang}>{shown.text}</span>;
}

/** The `lang` of content the catalogue has only in Bulgarian (a product's name and description) on a page. */
export const bulgarianOnlyLang = (pageLanguage: string): 'bg' | undefined => (pageLanguage === 'bg' ? undefined : 'bg');
