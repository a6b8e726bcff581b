import DOMPurify from 'dompurify';

/**
 * What shop-authored CMS HTML may keep: text structure, tables and links. No h1 (the page has its own),
 * no images, media, forms or styles: the store loads nothing from other hosts and must look the same offline.
 * DOMPurify keeps the text of a dropped element, so a stray <h1> or <font> still reads as text.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'strong',
  'b',
  'em',
  'i',
  'small',
  'sub',
  'sup',
  'span',
  'div',
  'blockquote',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan', 'scope'];
/** Links to the web, mail, phone, or this store's own paths; never javascript: or protocol-relative ones. */
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

/** The CMS page's HTML, safe to render: scripts, event handlers, styles and foreign resources removed. */
export const sanitizeCmsHtml = (html: string): string =>
  DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP });
