/**
 * The AMP pages' paths (spec section 2: "/amp/{parentSku}/{slug}, /amp/{parentSku}/{slug}/{childSku} and
 * /amp/{slug} for categories when short URLs are on"). Short catalogue URLs are on in this store, so only the
 * short forms exist; the long /amp/p/... and /amp/c/... forms belong to the setting this store does not use.
 * Every piece is percent-encoded like the client's paths (a product slug may hold Cyrillic letters).
 */

export const AMP_PREFIX = '/amp';

const encode = encodeURIComponent;

/** '/amp/{slug}': a category's AMP page. */
export const ampCategoryPath = (slug: string): string => `${AMP_PREFIX}/${encode(slug)}`;

/** '/amp/{parentSku}/{slug}', plus '/{childSku}' for one variant of a configurable product. */
export const ampProductPath = (parentSku: string, slug: string, childSku?: string): string => {
  const base = `${AMP_PREFIX}/${encode(parentSku)}/${encode(slug)}`;
  return childSku === undefined ? base : `${base}/${encode(childSku)}`;
};
