/**
 * The short description of a list-view tile (spec section 2, "Product tile": "short description (cut to 200
 * characters with an ellipsis in list view)").
 *
 * Decisions:
 * - Imported descriptions carry HTML: tags are dropped and the common entities decoded, so the cut counts what
 *   the shopper reads. Whitespace runs become one space.
 * - 200 characters are counted as code points (an emoji is one), and the ellipsis is added after them: a text of
 *   at most 200 characters is shown whole, a longer one as its first 200 (fewer when that would cut a word: the
 *   cut moves back to the last space, unless the only space is in the first half) then '…'.
 */
export const SHORT_DESCRIPTION_LIMIT = 200;
const ELLIPSIS = '…';

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(parseInt(body.slice(1), 10));
    return ENTITIES[body.toLowerCase()] ?? entity;
  });

/** Plain text of a description that may hold HTML. */
export const plainDescription = (html: string): string =>
  decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** The description cut to `limit` characters with an ellipsis when it is longer. */
export const cutDescription = (html: string, limit: number = SHORT_DESCRIPTION_LIMIT): string => {
  const characters = Array.from(plainDescription(html));
  if (characters.length <= limit) return characters.join('');
  const head = characters.slice(0, limit).join('');
  const lastSpace = head.lastIndexOf(' ');
  const cut = characters[limit] === ' ' || lastSpace < head.length / 2 ? head : head.slice(0, lastSpace);
  return `${cut.trimEnd().replace(/[,;:.\-–]+$/, '')}${ELLIPSIS}`;
};
