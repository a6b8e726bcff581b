/**
 * HTML escaping for the AMP pages, which are built as strings on the server. Every value that comes from the
 * catalogue (names, skus, option titles, image paths) goes through `escapeHtml`, or through the `markup` tag, which
 * escapes each interpolated value unless it is markup built by `markup` itself: a view cannot forget it.
 *
 * The tag is not called `html` on purpose: Prettier reformats `html` templates as HTML documents, which would put
 * its indentation into every page and make the output change with the formatter's version.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in element content and in a quoted attribute value (both quote kinds are escaped). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** Markup that is already safe: only `markup` and `rawHtml` make one. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What a view may interpolate: text (escaped), numbers, safe markup, lists of them; nothing for null/false. */
export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

const render = (value: HtmlValue): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeHtml(value);
  return value.map(render).join('');
};

/** Tagged template: the literal parts are the view's own markup, every interpolated value is escaped. */
export const markup = (strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml =>
  new SafeHtml(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]!) : ''), ''));

/** Markup written in this code base (the inline style sheet), never catalogue data. */
export const rawHtml = (text: string): SafeHtml => new SafeHtml(text);
