/**
 * The order `a.localeCompare(b)` gives two identifiers (ASCII letters, digits, `_`), computed without the
 * collation data: RxDB sorts every schema's and query's keys with localeCompare (its `sortObject`), and a page's
 * first localeCompare loads the collation data, a task of 50-100 ms on a slow phone before the local store opens.
 * The build hands RxDB this comparator instead (vite.config.ts `rxdbKeyOrder`); anything but an identifier is still
 * localeCompare's to order, so the schemas' hashes are the ones RxDB computed before.
 *
 * Unicode's root collation, which every locale keeps for these characters: at the first level `_` (punctuation)
 * before digits before letters, letters without case, a prefix before the longer string; then, at the first
 * character whose case differs, lower case first ("aA" < "Aa").
 */
const IDENTIFIER = /^[A-Za-z0-9_]*$/;

const UNDERSCORE = 95;
const NINE = 57;
const LOWER_A = 97;
const CASE_BIT = 32;

/** The character's first-level weight: `_` 0, digits 1-10, letters 11-36 (either case). */
const primary = (code: number): number => {
  if (code === UNDERSCORE) return 0;
  if (code <= NINE) return code - 47;
  return (code | CASE_BIT) - LOWER_A + 11;
};

const compareIdentifiers = (a: string, b: string): number => {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i += 1) {
    const difference = primary(a.charCodeAt(i)) - primary(b.charCodeAt(i));
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < a.length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    // Equal at the first level, so they differ here only by case: lower case (the larger code) first.
    if (x !== y) return x > y ? -1 : 1;
  }
  return 0;
};

/** -1, 0 or 1 as `a.localeCompare(b)` orders them. */
export const keyOrder = (a: string, b: string): number =>
  IDENTIFIER.test(a) && IDENTIFIER.test(b) ? compareIdentifiers(a, b) : a.localeCompare(b);
