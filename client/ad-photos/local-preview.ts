import { AD_PHOTO_SIZES, type AdPhotoSize } from '../../schema/ads/ad-list.ts';
import { getPhoto } from './photo-store.ts';

/**
 * A device-side preview of a kept photo, fitted inside a size's box, as a data: URL. Not an object URL of the
 * original: the pages' policy allows images from this origin and data: only (no blob:, see
 * sync-server/http/security-headers.ts), and an <img> of a 12-megapixel original holds ~48 MB of decoded pixels
 * on a phone, per photo; a preview of the size shown holds a few hundred KB.
 */
const MAX_PREVIEWS = 48;
const previews = new Map<string, Promise<string | undefined>>();

const fitInside = (width: number, height: number, box: readonly [number, number]): [number, number] => {
  const scale = Math.min(1, box[0] / width, box[1] / height);
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
};

const render = async (blob: Blob, size: AdPhotoSize): Promise<string | undefined> => {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return undefined;
  // Upright from its EXIF orientation, as the server will make it.
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  try {
    const [width, height] = fitInside(bitmap.width, bitmap.height, AD_PHOTO_SIZES[size]);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
};

/** The preview of a kept photo at a size; undefined when the device has no copy or cannot decode it (HEIC). */
export const localPreview = (id: string, size: AdPhotoSize): Promise<string | undefined> => {
  const key = `${id}/${size}`;
  const known = previews.get(key);
  if (known) return known;
  const made = getPhoto(id)
    .then((photo) => (photo ? render(photo.blob, size) : undefined))
    .catch(() => undefined);
  previews.set(key, made);
  // The oldest goes first (a Map keeps insertion order).
  if (previews.size > MAX_PREVIEWS) previews.delete(previews.keys().next().value!);
  return made;
};

/** Forgets the previews of photos no longer kept. */
export const forgetPreviews = (ids: readonly string[]): void => {
  for (const key of [...previews.keys()]) if (ids.some((id) => key.startsWith(`${id}/`))) previews.delete(key);
};
