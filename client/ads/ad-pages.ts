/**
 * The ads' pages as one lazy chunk: a route of the ads loads them all (about 15 KB gzip), so the first page's
 * router names one chunk of the ads, not four (each named chunk costs the first page its preload list).
 */
export { AdsListPage } from './ads-list-page.tsx';
export { AdPage } from './ad-page.tsx';
export { MyAdsPage } from './my-ads-page.tsx';
export { AdFormPage } from './ad-form-page.tsx';
