/**
 * Text analysis shared by the embedded engine and mirrored by the Elasticsearch mapping (standard tokenizer +
 * lowercase filter): words of letters, marks and digits, Cyrillic and Latin alike, lower-cased. No stemming and
 * no stop words, so both engines find the same terms ('калъф' does not find 'калъфи' by stem; fuzziness does).
 * The words that name a kind of product are stemmed apart, in shared code (schema/search/product-kind.ts).
 */

/**
 * A word, the way Unicode word breaking (UAX #29, the standard tokenizer's rule) keeps one together: letters and
 * digits, with '.' or an apostrophe between two of them ('13.3', 'macos'), and ',' between digits ('13,6').
 */
const WORD = /[\p{L}\p{M}\p{N}]+(?:(?:[.'\u2019][\p{L}\p{M}\p{N}]+)|(?:,\p{N}+))*/gu;

/** Combining marks that compose with Cyrillic and Latin letters (й, ѝ, é): only then is NFC worth its cost. */
const COMBINING = /[\u0300-\u036f]/u;

export const lowerCase = (text: string): string => (COMBINING.test(text) ? text.normalize('NFC') : text).toLowerCase();

export const tokenize = (text: string): string[] => lowerCase(text).match(WORD) ?? [];

/** A sku as the keyword field holds it: the whole string, lower-cased (the mapping's lowercase normalizer). */
export const skuTerm = (sku: string): string => lowerCase(sku.trim());

/**
 * Damerau-Levenshtein distance in its restricted form (optimal string alignment, as Lucene's fuzzy query counts
 * transpositions), or `max + 1` as soon as it must exceed `max`. Works on UTF-16 units, which is characters for
 * Cyrillic and Latin.
 */
export const boundedEditDistance = (a: string, b: string, max: number): number => {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (max === 0) return a === b ? 0 : 1;
  if (la === 0 || lb === 0) return Math.max(la, lb);
  let prevPrev = rowPool(lb + 1, 0);
  let prev = rowPool(lb + 1, 1);
  let row = rowPool(lb + 1, 2);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    row[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    const from = Math.max(1, i - max);
    const to = Math.min(lb, i + max);
    if (from > 1) row[from - 1] = max + 1;
    for (let j = from; j <= to; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        d = Math.min(d, (prevPrev[j - 2] as number) + 1);
      }
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (to < lb) row[to + 1] = max + 1;
    if (rowMin > max) return max + 1;
    const t = prevPrev;
    prevPrev = prev;
    prev = row;
    row = t;
  }
  const distance = prev[lb] as number;
  return distance > max ? max + 1 : distance;
};

/**
 * Which characters a term has, as 64 bits in two words (Latin letters, digits and Cyrillic letters each get
 * their own bits; anything else shares them by hash). Two terms within k edits differ in at most k of the
 * characters each has that the other lacks, so `mayBeWithin` rules most of a vocabulary out in a few operations
 * before `boundedEditDistance` looks at the rest.
 */
export interface CharSignature {
  readonly low: number;
  readonly high: number;
}

const bitOf = (code: number): number => {
  if (code >= 97 && code <= 122) return code - 97; // a-z: 0-25
  if (code >= 48 && code <= 57) return 26 + (code - 48); // 0-9: 26-35
  if (code >= 0x430 && code <= 0x44f) return 36 + ((code - 0x430) % 28); // а-я: 36-63
  return Math.imul(code, 0x9e3779b1) >>> 26; // anything else: a hashed bit
};

export const charSignature = (term: string): CharSignature => {
  let low = 0;
  let high = 0;
  for (let i = 0; i < term.length; i++) {
    const bit = bitOf(term.charCodeAt(i));
    if (bit < 32) low |= 1 << bit;
    else high |= 1 << (bit - 32);
  }
  return { low, high };
};

const bitCount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
};

/** False when the terms' character sets alone prove them more than `max` edits apart. */
export const mayBeWithin = (aLow: number, aHigh: number, bLow: number, bHigh: number, max: number): boolean =>
  bitCount(aLow & ~bLow) + bitCount(aHigh & ~bHigh) <= max && bitCount(bLow & ~aLow) + bitCount(bHigh & ~aHigh) <= max;

const rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
const rowPool = (length: number, which: 0 | 1 | 2): Int32Array => {
  let row = rows[which] as Int32Array;
  if (row.length < length) rows[which] = row = new Int32Array(length * 2);
  return row;
};
