/**
 * The store's photos in the spec's sizes (catalogue.md constants: tile 310x300, gallery 600x744, large 825x1024):
 * a shop's pictures the VSF1 importer brought (issue 19), and ads' photos (schema/ads/ad-list.ts). Imports
 * nothing: the picture component on the first page reads it.
 */
export const CATALOG_IMAGE_SIZES = { tile: [310, 300], gallery: [600, 744], large: [825, 1024] } as const;
export type CatalogImageSize = keyof typeof CATALOG_IMAGE_SIZES;

/** A picture's key: the first 32 hex digits of its original's SHA-256. */
export const CATALOG_MEDIA_KEY = /^[0-9a-f]{32}$/;

/** Where a catalogue picture's size is served. The catalogue names the gallery size; views ask others with `sizedImage`. */
export const catalogMediaPath = (key: string, size: CatalogImageSize): string => `/media/catalog/${key}/${size}.webp`;

const SIZED = /^(\/media\/(?:catalog|ads)\/[^/]+\/)(?:tile|gallery|large)\.webp$/;

/**
 * The same picture in the size a view shows it at (a tile needs 310x300, not the gallery's 600x744). Only the
 * store's photos come in sizes; any other address (the drawn pictures) is returned as it is.
 */
export const sizedImage = (image: string, size: CatalogImageSize): string =>
  SIZED.test(image) ? image.replace(SIZED, `$1${size}.webp`) : image;
