/**
 * The catalogue's description HTML as plain paragraphs, for the AMP product page. The shop's HTML is never
 * passed through: the server has no DOM and no sanitiser is a dependency, so tags are dropped and only the text
 * is kept (the caller escapes it). A malformed tag that survives is harmless text once escaped.
 */

/** Elements whose content is never text a shopper reads. */
const SKIPPED = /<(script|style|template|noscript|iframe|object|svg)\b[\s\S]*?<\/\1\s*>/gi;
/** Tags that start or end a paragraph. */
const BLOCK_TAG =
  /<\/?(address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|ol|p|pre|section|table|tr|ul)\b[^>]*>/gi;
const ANY_TAG = /<\/?[a-z!][^>]*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

const codePoint = (n: number): string => (Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '');

/** The entities a catalogue's text uses; an unknown named one stays as written. */
const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const hex = name[1] === 'x' || name[1] === 'X';
      return codePoint(Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10)) || whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });

export const descriptionParagraphs = (markup: string): string[] =>
  decodeEntities(markup.replace(COMMENT, '').replace(SKIPPED, ' ').replace(BLOCK_TAG, '\n').replace(ANY_TAG, ''))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
