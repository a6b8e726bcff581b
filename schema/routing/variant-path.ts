import { productPath } from './route-paths.ts';

/**
 * A chosen variant's own address (issue 29, item 17), so a shared link opens it. The spec's product routes carry
 * a childSku beside slug and parentSku ("product (parentSku, childSku, slug)"), but the route table's path
 * '/{slug}-{parentSku}' has no place for it, so it rides in the query: '/{slug}-{parentSku}?childSku={sku}', as
 * Vue Storefront's own product links did. Apart from route-paths.ts, which the first page loads.
 */
export const CHILD_SKU_PARAM = 'childSku';

/** A configurable product's page with one variant chosen: '/{slug}-{parentSku}?childSku={sku}'. */
export const variantPath = (slug: string, parentSku: string, childSku: string): string =>
  `${productPath(slug, parentSku)}?${CHILD_SKU_PARAM}=${encodeURIComponent(childSku)}`;
