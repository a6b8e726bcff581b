/**
 * What a device accepts as an ad photo before it keeps it (pure). The server checks again, by the file's real
 * bytes (sync-server/ad-photos): this check only spares the shopper an upload that would be refused.
 */

/** The largest photo the server takes (a 12-megapixel phone photo is 3–8 MB). Same figure as the server's. */
export const AD_PHOTO_MAX_BYTES = 15 * 1024 * 1024;

/**
 * The types the server can read (sync-server/ad-photos/photo-process.ts: JPEG, PNG, WebP, AVIF). Not HEIC: this
 * server's libvips has no HEVC decoder, so a HEIC would be refused after its upload; iOS sends its photos as JPEG
 * to a web form anyway.
 */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
/** A picker that gives no type (some Android galleries) still names the file. */
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|webp|avif)$/i;

/** For the file input's `accept`: the picker offers these first. */
export const AD_PHOTO_ACCEPT = [...ACCEPTED_TYPES].join(',');

/** Why a picked file was not kept (the ad form shows `adPhotos.refused.<code>`). */
export type PhotoRefusal = 'not-a-photo' | 'too-large' | 'empty';

export interface PickedFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export const checkPhotoFile = (file: PickedFile): PhotoRefusal | undefined => {
  const typeOk = file.type === '' ? ACCEPTED_EXTENSIONS.test(file.name) : ACCEPTED_TYPES.has(file.type.toLowerCase());
  if (!typeOk) return 'not-a-photo';
  if (file.size === 0) return 'empty';
  if (file.size > AD_PHOTO_MAX_BYTES) return 'too-large';
  return undefined;
};
