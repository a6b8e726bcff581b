import type { CatalogProduct } from './catalog-product.ts';

export interface GalleryImage {
  readonly image: string;
  readonly label: string;
}

/**
 * The gallery's pictures: the chosen variant's own picture first (when it has one), then the product's
 * media_gallery images (a video-only item is left out), else its main image; each picture once.
 */
export const galleryImagesOf = (
  product: Pick<CatalogProduct, 'image' | 'media_gallery' | 'name'>,
  variantImage?: string,
): GalleryImage[] => {
  const items: GalleryImage[] = [
    ...(variantImage ? [{ image: variantImage, label: product.name }] : []),
    ...product.media_gallery
      .filter((item) => item.image !== '')
      .map((item) => ({ image: item.image, label: item.label })),
  ];
  if (items.length === 0 && product.image) items.push({ image: product.image, label: product.name });
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.image)) return false;
    seen.add(item.image);
    return true;
  });
};
