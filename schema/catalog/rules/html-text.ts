/**
 * The catalogue's HTML (descriptions, CMS content) as plain text, the same in the browser and on the server, which
 * has no DOM: tags are dropped and only the text is kept, so it can be shown as text (React, or the AMP pages'
 * escaping). A malformed tag that survives is harmless text once escaped. Rendering the HTML itself is for
 * content/sanitize-cms-html.ts (DOMPurify) only.
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

/** One string per block of text (paragraph, list item, heading...), whitespace runs made one space. */
export const htmlParagraphs = (markup: string): string[] =>
  decodeEntities(markup.replace(COMMENT, '').replace(SKIPPED, ' ').replace(BLOCK_TAG, '\n').replace(ANY_TAG, ''))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');

/** All the text on one line: for meta descriptions and cut-down tile descriptions. */
export const htmlPlainText = (markup: string): string => htmlParagraphs(markup).join(' ');
