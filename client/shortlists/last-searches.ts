import { z } from 'zod';

export const LAST_SEARCHES_STORAGE_KEY = 'last-searches';

/** Spec section 4: last searches keep the 5 most recent. */
export const LAST_SEARCHES_MAX = 5;

/** Spec section 5: the search term needs at least 3 characters. A shorter one runs no search, so it is no search to recall. */
export const SEARCH_TERM_MIN = 3;

/** Our decision: a longer "term" is pasted text, not something worth offering again. */
export const SEARCH_TERM_MAX = 100;

/** Trimmed, inner runs of white space made one space: 'iphone   17 ' and 'iphone 17' are one search. */
export const normalizeSearchTerm = (term: string): string => term.trim().replace(/\s+/gu, ' ');

const sameTerm = (a: string, b: string): boolean => a.toLocaleLowerCase('bg') === b.toLocaleLowerCase('bg');

const termSchema = z.string().min(SEARCH_TERM_MIN).max(SEARCH_TERM_MAX);

/** Newest first; stored lists are read leniently: normalized, short or repeated terms dropped, the tail cut. */
export const lastSearchesSchema = z.array(z.string().max(1_000)).transform((list) => {
  const kept: string[] = [];
  for (const raw of list) {
    const term = normalizeSearchTerm(raw);
    if (termSchema.safeParse(term).success && !kept.some((k) => sameTerm(k, term))) kept.push(term);
  }
  return kept.slice(0, LAST_SEARCHES_MAX);
});
export type LastSearches = readonly string[];

/**
 * Records a search: the normalized term goes in front; the same term in another case ('IPhone' and 'iphone') moves
 * to the front with the newest spelling; the oldest drop off past 5. A term shorter than 3 characters (after
 * trimming) or longer than 100 is not stored and the same list comes back.
 */
export const recordSearch = (list: LastSearches, term: string): LastSearches => {
  const normalized = normalizeSearchTerm(term);
  if (!termSchema.safeParse(normalized).success || list[0] === normalized) return list;
  return [normalized, ...list.filter((t) => !sameTerm(t, normalized))].slice(0, LAST_SEARCHES_MAX);
};

/** Lets the user take one term out of the list (same list when it is not there). */
export const removeSearch = (list: LastSearches, term: string): LastSearches => {
  const normalized = normalizeSearchTerm(term);
  return list.some((t) => sameTerm(t, normalized)) ? list.filter((t) => !sameTerm(t, normalized)) : list;
};
