/**
 * What a catalogue address can be, as both the client's router and the server's first answer read it.
 */

/** A path segment as written (percent-decoded); a malformed escape leaves it as it came. */
export const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** A category route slug: letters, digits and hyphen (spec section 5). */
export const CATEGORY_SLUG = /^[a-z0-9-]+$/;

/** A product path has at most this many '-' or '_' splits worth asking the server about. */
const MAX_CANDIDATES = 12;

/**
 * The skus a product path segment may end with: the text after each '-' or '_', shortest first (the same
 * splits the router tries).
 */
export const skuCandidates = (segment: string): string[] => {
  const skus: string[] = [];
  for (let cut = segment.length - 2; cut > 0 && skus.length < MAX_CANDIDATES; cut -= 1) {
    if (segment[cut] === '-' || segment[cut] === '_') skus.push(segment.slice(cut + 1));
  }
  return skus;
};

/** The server's product lookup by skus (GET, at most 20 skus): one address, spelled alike by client and server. */
export const productLookupPath = (skus: readonly string[]): string =>
  `/api/catalog/products?${new URLSearchParams({ skus: skus.join(',') }).toString()}`;
