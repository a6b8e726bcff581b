/** Elements whose end closes a paragraph of text. */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TR',
  'UL',
]);
/** Elements whose text is never content. */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'SVG']);

/**
 * The shop-authored HTML of a CMS page as plain text paragraphs. No HTML sanitiser is a dependency, so the markup
 * is never rendered: it is parsed into an inert document (DOMParser runs no script and loads nothing) and only
 * its text is kept, one paragraph per block element; tags, attributes, scripts and styles are dropped.
 */
export const htmlToParagraphs = (html: string): string[] => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const paragraphs: string[] = [];
  let current = '';
  const close = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (text !== '') paragraphs.push(text);
    current = '';
  };
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      current += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const name = (node as Element).tagName.toUpperCase();
    if (SKIPPED.has(name)) return;
    const block = BLOCKS.has(name);
    if (block) close();
    node.childNodes.forEach(walk);
    if (block) close();
  };
  walk(doc.body);
  close();
  return paragraphs;
};
