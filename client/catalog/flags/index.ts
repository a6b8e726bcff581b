/** The flag listings' public face (/new-apple-products, /promo-apple-products...): the page and its paths. */
export { FlagPage } from './flag-page.tsx';
export { FLAG_PAGE_SLUGS } from './flag-products.ts';
