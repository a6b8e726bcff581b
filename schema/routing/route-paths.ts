import { CTO_PREFIX, SEARCH_CATEGORY_PREFIX, SEARCH_PREFIX } from './route-table.ts';

/**
 * Builds the catalogue's paths; `resolvePath` reads each of them back.
 *
 * Decision on the product path: the route table says "/{slug}-{parentSku}" and the product tile section says
 * "A tile links to /{slug}_{parentSku or sku}". The canonical form is the route table's hyphen form, and every
 * link (tiles included) is built with `productPath`; the underscore form is still read, and redirects to the
 * hyphen form.
 *
 * Every dynamic piece is percent-encoded (a Cyrillic product slug too), so a path is always a valid URL path;
 * `resolvePath` decodes.
 */

const encode = encodeURIComponent;

/** '/{slug}' or '/{slug}/{filter path}' (the filter path from `formatFilterPath`). */
export const categoryPath = (slug: string, filterPath = ''): string =>
  filterPath === '' ? `/${encode(slug)}` : `/${encode(slug)}/${filterPath}`;

/** '/{slug}-{parentSku}', plus '/cto:{a},{b}' for a custom configuration (option values, comma-separated). */
export const productPath = (slug: string, parentSku: string, ctoOptions: readonly string[] = []): string => {
  const base = `/${encode(slug)}-${encode(parentSku)}`;
  return ctoOptions.length === 0 ? base : `${base}/${CTO_PREFIX}${ctoOptions.map(encode).join(',')}`;
};

/** '/search={keywords}', plus '/category={category}'. */
export const searchPath = (keywords: string, category?: string): string => {
  const base = `/${SEARCH_PREFIX}${encode(keywords)}`;
  return category === undefined || category === '' ? base : `${base}/${SEARCH_CATEGORY_PREFIX}${encode(category)}`;
};
