import { htmlPlainText } from '../../../schema/catalog/rules/html-text.ts';

/**
 * The short description of a list-view tile (spec section 2, "Product tile": "short description (cut to 200
 * characters with an ellipsis in list view)").
 *
 * Decisions:
 * - Imported descriptions carry HTML: its text (schema/catalog/rules/html-text.ts) is what the cut counts, what
 *   the shopper reads. Whitespace runs become one space.
 * - 200 characters are counted as code points (an emoji is one), and the ellipsis is added after them: a text of
 *   at most 200 characters is shown whole, a longer one as its first 200 (fewer when that would cut a word: the
 *   cut moves back to the last space, unless the only space is in the first half) then '…'.
 */
export const SHORT_DESCRIPTION_LIMIT = 200;
const ELLIPSIS = '…';

/** The description cut to `limit` characters with an ellipsis when it is longer. */
export const cutDescription = (html: string, limit: number = SHORT_DESCRIPTION_LIMIT): string => {
  const characters = Array.from(htmlPlainText(html));
  if (characters.length <= limit) return characters.join('');
  const head = characters.slice(0, limit).join('');
  const lastSpace = head.lastIndexOf(' ');
  const cut = characters[limit] === ' ' || lastSpace < head.length / 2 ? head : head.slice(0, lastSpace);
  return `${cut.trimEnd().replace(/[,;:.\-–]+$/, '')}${ELLIPSIS}`;
};
