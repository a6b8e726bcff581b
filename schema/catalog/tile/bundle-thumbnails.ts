import type { CatalogProduct } from '../catalog-product.ts';

/**
 * The items of a bundle to show as 60x60 thumbnails on its tile: each linked product once (a product offered in
 * two options is one picture), option by option, each option's default choice before its others. Links without a
 * picture are left out; at most `limit` are shown.
 */
export interface BundleThumbnail {
  readonly sku: string;
  readonly name: string;
  readonly image: string;
}

export const BUNDLE_THUMBNAILS = 6;

export const bundleThumbnails = (
  product: Pick<CatalogProduct, 'bundle_options'>,
  limit: number = BUNDLE_THUMBNAILS,
): BundleThumbnail[] => {
  const seen = new Set<string>();
  const thumbnails: BundleThumbnail[] = [];
  for (const option of product.bundle_options) {
    const links = [...option.product_links].sort((a, b) => Number(b.is_default) - Number(a.is_default));
    for (const link of links) {
      if (link.image === '' || seen.has(link.sku)) continue;
      seen.add(link.sku);
      thumbnails.push({ sku: link.sku, name: link.name || link.sku, image: link.image });
    }
  }
  return thumbnails.slice(0, limit);
};
