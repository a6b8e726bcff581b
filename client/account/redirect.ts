/** Where the login and register pages send the shopper afterwards, when the link does not say. */
export const ACCOUNT_HOME = '/my-account';

/** Pages that would send the shopper straight back to a form they have just left. */
const AUTH_PAGES = ['/login', '/register', '/reset-password'];

/**
 * A `?redirect=` target we follow: a path of this site only (never '//host' or 'https://…', which would make the
 * login page an open redirect), and not one of the login pages themselves.
 */
export const safeRedirect = (raw: string | null | undefined, fallback = ACCOUNT_HOME): string => {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Control characters (a tab or a newline inside '/\t/evil.com') are dropped by URL parsers: refuse them.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  const path = raw.split(/[?#]/)[0] ?? '';
  return AUTH_PAGES.includes(path) ? fallback : raw;
};

/** One parameter of a location's search string ('?token=abc&x=1'). */
export const searchParam = (searchStr: string, name: string): string | undefined =>
  new URLSearchParams(searchStr).get(name) ?? undefined;

/** A link to an account form that returns to `back` afterwards. */
export const withRedirect = (page: '/login' | '/register', back: string | undefined): string =>
  back ? `${page}?redirect=${encodeURIComponent(back)}` : page;
