/**
 * The product page's public face: the page and how the path page finds its product, the tile row that the
 * account's recently viewed page shows too, and the product rules the listing's tiles share.
 */
export { ProductPage } from './product-page.tsx';
export { fetchProducts, isRejectedProduct } from './fetch-product.ts';
export { ProductTileRow } from './product-tile-row.tsx';
export { useProductsBySku } from './use-product-data.ts';
export { cutDescription } from './short-description.ts';
