/** The server's bounds on ad photos (issue 18). */

/** The largest original taken (a 12-megapixel phone photo is 3–8 MB). The device checks the same figure. */
export const AD_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** The largest chunk one PATCH may carry (the device sends 512 KB). */
export const AD_PHOTO_CHUNK_MAX_BYTES = 1024 * 1024;
/**
 * The most pixels a photo may have: 50 megapixels covers every phone camera; more is a decompression bomb (a tiny
 * PNG of 30,000 × 30,000 would take 3.6 GB to decode).
 */
export const AD_PHOTO_MAX_PIXELS = 50_000_000;

export interface AdPhotoLimits {
  /** Uploads one owner may have unfinished at once (the device sends one at a time; more are abandoned ones). */
  inFlight: number;
  /** Ready photos one owner may keep: 50 ads (AD_MAX_PER_OWNER) of 8 photos. */
  stored: number;
  /** HEAD and PATCH requests per owner per window (a 15 MB photo is 30 chunks of 512 KB). */
  requests: { max: number; windowSeconds: number };
  /** An upload untouched this long is abandoned: its bytes are dropped at the owner's next new upload. */
  staleSeconds: number;
}

export const DEFAULT_AD_PHOTO_LIMITS: AdPhotoLimits = {
  inFlight: 16,
  stored: 400,
  requests: { max: 1200, windowSeconds: 600 },
  staleSeconds: 24 * 60 * 60,
};
