/**
 * Legacy redirects (spec section 2, "Navigation behaviour"): "Legacy redirects map old paths to current category
 * paths, for example /apple-macbookair to /macbook-air and /apple-iphone to /iphone, plus about 50 others. The full
 * list is not shown."
 *
 * Old first path segment -> current category slug. The first two entries are the spec's; the rest are our
 * choice, following the same pattern (old 'apple-' prefixed, run-together names to the current category slugs
 * the spec lists). A redirect keeps whatever follows the first segment (filters).
 */
export const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  // From the spec.
  'apple-macbookair': 'macbook-air',
  'apple-iphone': 'iphone',
  // Chosen: not in the spec.
  'apple-macbook': 'macbook',
  'apple-macbookpro': 'macbook-pro',
  'apple-mac': 'mac',
  'apple-imac': 'imac',
  'apple-imacpro': 'imac-pro',
  'apple-macmini': 'mac-mini',
  'apple-macpro': 'mac-pro',
  'apple-ipad': 'ipad',
  'apple-ipadmini': 'ipad-mini',
  'apple-ipadair': 'ipad-air',
  'apple-ipadpro': 'ipad-pro',
  'apple-ipodtouch': 'ipod-touch',
  'apple-appletv': 'apple-tv',
  'apple-applewatch': 'apple-watch',
  'apple-airpods': 'airpods',
  'apple-homepod': 'homepod',
  'apple-software': 'software',
  'apple-accessories': 'aksesoari',
  'apple-laptops': 'laptopi',
  'apple-desktops': 'desktopi',
};

/** The current path for an old one ('/apple-iphone/cvyat-cheren' -> '/iphone/cvyat-cheren'), or undefined. */
export const legacyRedirect = (
  segments: readonly string[],
  table: Readonly<Record<string, string>> = LEGACY_REDIRECTS,
): string | undefined => {
  const [first, ...rest] = segments;
  if (first === undefined || !Object.hasOwn(table, first)) return undefined;
  return `/${[table[first], ...rest].join('/')}`;
};
