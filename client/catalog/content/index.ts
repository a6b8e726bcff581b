/** The content pages' public face: CMS pages and the sitemap, for the path page. */
export { CmsPageView } from './cms-page-view.tsx';
export { fetchCmsPage } from './fetch-cms-page.ts';
export { SitemapPage } from './lazy-sitemap-page.tsx';
export { useCmsPages } from './use-cms-pages.ts';
