import { forgetPreviews } from './local-preview.ts';
import { checkPhotoFile, type PhotoRefusal } from './photo-rules.ts';
import { deletePhotos, putPhotos, type StoredPhoto } from './photo-store.ts';
import { announceProgress } from './progress.ts';
import { uploadingUser } from './uploader-state.ts';

/** A picked file, kept under the id the ad carries. */
export interface KeptPhoto {
  ok: true;
  id: string;
  name: string;
}
/** A picked file the device would not keep, and why (`adPhotos.refused.<reason>`). */
export interface RefusedPhoto {
  ok: false;
  name: string;
  reason: PhotoRefusal;
}
export type KeepResult = KeptPhoto | RefusedPhoto;

/**
 * Keeps the picked files on the device and queues them for upload; answers one result per file, in their order
 * (a refused one says why). Works offline: the ids go into the ad at once, the bytes follow when online.
 */
export const keepPhotos = async (files: readonly File[]): Promise<KeepResult[]> => {
  const now = Date.now();
  // Whose they are, if the store knows already; else the first user to upload them takes them (uploader.ts).
  const owner = uploadingUser();
  const results: KeepResult[] = [];
  const kept: StoredPhoto[] = [];
  for (const file of files) {
    const reason = checkPhotoFile(file);
    if (reason) {
      results.push({ ok: false, name: file.name, reason });
      continue;
    }
    const id = crypto.randomUUID();
    // createdAt orders the queue: the photos go up in the order they were picked.
    const createdAt = now + kept.length;
    kept.push({ id, owner, blob: file, type: file.type, size: file.size, state: 'queued', sent: 0, createdAt });
    results.push({ ok: true, id, name: file.name });
  }
  if (kept.length > 0) {
    await putPhotos(kept);
    // Every tab reads again, and the uploaders wake (photo-store changes are their signal).
    announceProgress();
  }
  return results;
};

/**
 * Drops the device's copies (the shopper removed the photos from the ad, or the ad is gone). A photo still on its
 * way is not sent any further; the server forgets an upload left unfinished.
 */
export const forgetPhotos = async (ids: readonly string[]): Promise<void> => {
  if (ids.length === 0) return;
  await deletePhotos(ids);
  forgetPreviews(ids);
  announceProgress();
};
