import { BG_LATIN_LETTERS } from '../places/transliterate.ts';

/**
 * Slugs, by the spec's recipe (catalogue.md section 5): lower-case; spaces to hyphens; '&' to '-and-';
 * a double quote to '-inch'; strip everything but word characters and hyphens; collapse repeated hyphens.
 * "Word characters" are Unicode letters, digits and '_' for products (their slugs keep Cyrillic); category
 * slugs are letters, digits and hyphen in Latin, so Bulgarian names are transliterated first the way this
 * shop's slugs already are (цвят -> cvyat, аксесоари -> aksesoari, дисплей -> displey).
 */
const slugOf = (text: string, wordChar: RegExp): string =>
  text
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/["\u201c\u201d\u2033]/g, '-inch')
    .replace(/\s+/g, '-')
    .split('')
    .filter((ch) => ch === '-' || wordChar.test(ch))
    .join('')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');

/** Product slug: Cyrillic kept ("macbook-air-13-inch-м4"). */
export const productSlug = (name: string): string => slugOf(name, /[\p{L}\p{N}_]/u);

/**
 * The Transliteration Act's letters (schema/places/transliterate.ts) but 'ц' as 'c': the shop's slugs were made that
 * way (цвят -> cvyat) before, and a slug, once public, does not change.
 */
const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = { ...BG_LATIN_LETTERS, ц: 'c' };

export const transliterate = (text: string): string =>
  text.replace(/[\u0400-\u04ff]/g, (ch) => {
    const lower = ch.toLowerCase();
    return CYRILLIC_TO_LATIN[lower] ?? '';
  });

/** Category (and attribute option) slug: Latin letters, digits and hyphen only. */
export const categorySlug = (name: string): string => slugOf(transliterate(name), /[a-z0-9]/);
