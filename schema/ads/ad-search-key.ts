import { searchKey } from '../places/transliterate.ts';
import { foldToLatin, SPOKEN_APPLE_NAMES } from '../search/cross-script.ts';

/**
 * How ads are searched across scripts: every word is brought to Latin, lower case, without marks (the places'
 * `searchKey`, by the Transliteration Act), so "Калъф" and "kalaf" meet. Apple's names are written in Cyrillic
 * by ear, not letter by letter ("айфон" is "iPhone", not "ayfon"): those are mapped to the brand's spelling first
 * (schema/search/cross-script.ts's SPOKEN_APPLE_NAMES, which the catalogue's search reads too).
 * The stored text of an ad and the shopper's query go through the same function, so both sides always agree.
 */

const CYRILLIC = /[\u0400-\u04ff]/u;

/** The brand's spelling of a word written in Cyrillic by ear, or the word itself. */
const spelled = (word: string): string =>
  CYRILLIC.test(word) ? (SPOKEN_APPLE_NAMES[foldToLatin(word)] ?? word) : word;

/** The words of a text in their searchable form (Latin letters and digits only). */
export const adSearchWords = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .flatMap((word) => searchKey(spelled(word)).split(' '))
    .filter((word) => word.length > 0);

/** What an ad is found by: its title, model and description, as one searchable text. */
export const adSearchText = (ad: { title: string; description: string; model?: string | undefined }): string =>
  adSearchWords([ad.title, ad.model ?? '', ad.description].join(' ')).join(' ');

/** The most words of a query that count (a pasted paragraph is not a search). */
export const AD_QUERY_MAX_WORDS = 8;

/**
 * A query as a PostgreSQL `tsquery` text: every word must be there, each as a prefix ("iph" finds "iPhone"), or
 * undefined for a query without words. Safe to hand to `to_tsquery`: the words hold only [a-z0-9].
 */
export const adTsQuery = (query: string): string | undefined => {
  const words = [...new Set(adSearchWords(query))].slice(0, AD_QUERY_MAX_WORDS);
  return words.length === 0 ? undefined : words.map((word) => `${word}:*`).join(' & ');
};

/** A city as the list's filter matches it: "София", "sofia" and "SOFIA " are one city. */
export const adCityKey = (city: string): string => adSearchWords(city).join(' ');
