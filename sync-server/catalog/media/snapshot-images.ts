import type { CatalogSnapshot } from '../../../schema/catalog/snapshot.ts';
import { productImagePath } from '../product-image-path.ts';

/**
 * The pictures a catalogue names that the store does not serve itself: a shop's paths ('/m/b/mbp-14.jpg', as
 * Magento and VSF1 write them) or full addresses. The store's own ('/images/…' drawings, '/media/…') and empty
 * fields are left alone.
 */
const isForeign = (image: string): boolean =>
  image !== '' && !image.startsWith('/images/') && !image.startsWith('/media/');

/** Every picture field of a snapshot the importer brings: products, their variants, gallery and bundle items, categories. */
export const foreignImagesOf = (snapshot: CatalogSnapshot): Set<string> => {
  const found = new Set<string>();
  const see = (image: string) => {
    if (isForeign(image)) found.add(image);
  };
  for (const product of snapshot.products) {
    see(product.image);
    for (const item of product.media_gallery) see(item.image);
    for (const child of product.configurable_children) see(child.image);
    for (const option of product.bundle_options) for (const link of option.product_links) see(link.image);
  }
  for (const category of snapshot.categories) see(category.image);
  return found;
};

/**
 * The snapshot with each foreign picture replaced by the store's address for it (`served`). A product's or a
 * variant's picture it has none for (missing from the shop's folder, not a photo) becomes the store's drawing of
 * that sku rather than a broken picture; a gallery item without one is left out; a category's is left empty.
 * Pure: returns a new snapshot.
 */
export const withServedImages = (
  snapshot: CatalogSnapshot,
  served: (image: string) => string | undefined,
): CatalogSnapshot => {
  const to = (image: string, drawn = ''): string => (isForeign(image) ? (served(image) ?? drawn) : image);
  return {
    ...snapshot,
    products: snapshot.products.map((product) => ({
      ...product,
      image: to(product.image, productImagePath(product.sku)),
      media_gallery: product.media_gallery
        .map((item) => ({ ...item, image: to(item.image) }))
        .filter((item) => item.image !== '' || item.vid !== null),
      configurable_children: product.configurable_children.map((child) => ({
        ...child,
        image: to(child.image, productImagePath(child.sku)),
      })),
      bundle_options: product.bundle_options.map((option) => ({
        ...option,
        product_links: option.product_links.map((link) => ({
          ...link,
          image: to(link.image, productImagePath(link.sku)),
        })),
      })),
    })),
    categories: snapshot.categories.map((category) => ({ ...category, image: to(category.image) })),
  };
};
