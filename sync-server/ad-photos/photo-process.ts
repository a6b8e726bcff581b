import { fileTypeFromBuffer } from 'file-type';
import { AD_PHOTO_SIZES, type AdPhotoSize } from '../../schema/ads/ad-list.ts';
import { AD_PHOTO_MAX_PIXELS } from './photo-limits.ts';
import type { EncodedSize } from './photo-store.ts';
import { configuredSharp } from './sharp-setup.ts';

/** The types taken, by their bytes (never by name or declared type). HEIC only where libvips can read it. */
const READABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
export const NOT_A_PHOTO = 'must be a JPEG, PNG or WebP photo';

export type ProcessResult =
  { kind: 'ok'; sizes: EncodedSize[] } | { kind: 'refused'; status: 413 | 415; message: string };

/** The largest size: every other is made from it, so the original is decoded once. */
const LARGEST = (Object.keys(AD_PHOTO_SIZES) as AdPhotoSize[]).reduce((a, b) =>
  AD_PHOTO_SIZES[a][0] * AD_PHOTO_SIZES[a][1] >= AD_PHOTO_SIZES[b][0] * AD_PHOTO_SIZES[b][1] ? a : b,
);

const WEBP = { quality: 80, effort: 4 } as const;

/**
 * Checks a complete upload and makes the served sizes: the real type from the bytes (a script named .jpg is
 * refused), the photo turned upright from its EXIF orientation, then every size as WebP fitted inside the size's
 * box without enlarging. Nothing of the original's metadata survives: the pixels are taken out raw and the sizes
 * encoded from them (sharp writes no metadata unless asked), so location, camera and owner tags are gone.
 */
export const processPhoto = async (original: Buffer): Promise<ProcessResult> => {
  const type = await fileTypeFromBuffer(original);
  if (!type || !READABLE.has(type.mime)) return { kind: 'refused', status: 415, message: NOT_A_PHOTO };
  const sharp = configuredSharp();
  let base: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  try {
    const [maxWidth, maxHeight] = AD_PHOTO_SIZES[LARGEST];
    base = await sharp(original, { limitInputPixels: AD_PHOTO_MAX_PIXELS, failOn: 'error', autoOrient: true })
      .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) {
      return { kind: 'refused', status: 413, message: `must be at most ${AD_PHOTO_MAX_PIXELS / 1_000_000} megapixels` };
    }
    // A file that claims a photo type and does not decode as one (truncated, corrupt, HEIC on this build).
    return { kind: 'refused', status: 415, message: NOT_A_PHOTO };
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const sizes = await Promise.all(
    (Object.keys(AD_PHOTO_SIZES) as AdPhotoSize[]).map(async (size): Promise<EncodedSize> => {
      const [width, height] = AD_PHOTO_SIZES[size];
      const { data, info } = await sharp(base.data, { raw })
        .resize({ width, height, fit: 'inside', withoutEnlargement: true })
        .webp(WEBP)
        .toBuffer({ resolveWithObject: true });
      return { size, width: info.width, height: info.height, bytes: data };
    }),
  );
  return { kind: 'ok', sizes };
};
