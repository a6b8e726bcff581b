import { distinctUntilChanged, filter, type Observable } from 'rxjs';
import type { ServerAccess } from '../sync/feature.ts';
import { allPhotos, deletePhotos, getPhoto, updatePhoto, type StoredPhoto } from './photo-store.ts';
import { announceProgress, photosChanged$, refreshProgress } from './progress.ts';
import { askOffset, sendChunk } from './upload-requests.ts';
import { nextChunk, readAnswer, retryDelayMs, type UploadStep } from './upload-plan.ts';
import { setUploadingUser, uploadingUser } from './uploader-state.ts';
import { browserOnline } from '../lib/browser-online.ts';

/** An uploaded photo's device copy is kept this long (the form and the ad show it without a download), then dropped. */
const KEEP_UPLOADED_MS = 3 * 24 * 60 * 60 * 1000;
/** One uploader per profile: the tab holding this lock sends; the others' rounds wait their turn and find nothing. */
const LOCK = 'ad-photos:upload';

interface Uploader {
  server: ServerAccess;
  draining: boolean;
  kickedWhileDraining: boolean;
  stopped: boolean;
  wake: (() => void) | undefined;
}

let current: Uploader | undefined;

/** The profile's lock (Web Locks) where there is one; a browser without it has one tab's worth of safety. */
const withProfileLock = (work: () => Promise<void>): Promise<void> => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? (locks.request(LOCK, work) as Promise<void>) : work();
};

const sleep = (uploader: Uploader, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      uploader.wake = undefined;
      resolve();
    };
    const timer = setTimeout(done, ms);
    // Coming back online, a new photo or a login ends the wait early.
    uploader.wake = done;
  });

/** The logged-in user's token, read fresh for every round (the sync renews it; another tab may have). */
const session = (uploader: Uploader): { token: string; owner: string } | undefined => {
  const owner = uploadingUser();
  const { token } = uploader.server.who();
  return owner && token ? { token, owner } : undefined;
};

/**
 * Sends one photo from the offset the server holds to its end, chunk by chunk. Answers the last step: `done`,
 * `failed`, or `retry` (the caller waits and comes back; the next attempt starts with a HEAD, so nothing is sent
 * twice and nothing skipped, also after a reload).
 */
const uploadOne = async (uploader: Uploader, photo: StoredPhoto, token: string): Promise<UploadStep> => {
  const base = uploader.server.baseUrl;
  // A photo this device has sent nothing of yet starts at 0 without asking: the server has never seen it, and the
  // HEAD's 404 was a failed request in the shopper's console on every upload. Should the server hold some bytes
  // after all (a send cut off before its answer), the PATCH's 409 names its offset and the upload goes on from there.
  let step: UploadStep =
    photo.sent === 0
      ? { kind: 'continue', offset: 0 }
      : readAnswer(await askOffset(base, photo.id, token), photo.size, 'head');
  while (step.kind === 'continue' && !uploader.stopped) {
    const { offset } = step;
    if (offset !== photo.sent) {
      photo.sent = offset;
      await updatePhoto(photo.id, { sent: offset });
      announceProgress();
    }
    const chunk = nextChunk(offset, photo.size);
    if (!chunk) return { kind: 'done' };
    // The shopper may have forgotten the photo meanwhile: stop sending it.
    if (!(await getPhoto(photo.id))) return { kind: 'failed', reason: 'forgotten' };
    const bytes = photo.blob.slice(chunk.start, chunk.end);
    const answer = await sendChunk(base, photo.id, token, { offset: chunk.start, length: photo.size, bytes });
    step = readAnswer(answer, photo.size, 'patch');
  }
  return uploader.stopped ? { kind: 'retry' } : step;
};

const online = (uploader: Uploader): boolean => uploader.server.isOnline() && browserOnline();

/** Uploads every queued photo of the logged-in user, oldest first, one at a time, until none is left or offline. */
const drain = async (uploader: Uploader): Promise<void> => {
  let failures = 0;
  while (!uploader.stopped) {
    uploader.kickedWhileDraining = false;
    if (!online(uploader)) return;
    const who = session(uploader);
    if (!who) return;
    const queued = (await allPhotos())
      .filter((p) => p.state === 'queued' && (p.owner === undefined || p.owner === who.owner))
      .sort((a, b) => a.createdAt - b.createdAt);
    const photo = queued[0];
    if (!photo) return;
    // A photo picked before the login (or before the store knew the user) becomes the user's now.
    if (photo.owner === undefined) await updatePhoto(photo.id, { owner: who.owner });
    let step: UploadStep;
    try {
      step = await uploadOne(uploader, photo, who.token);
    } catch (error) {
      // IndexedDB failed under us (storage pressure, the photo's blob gone): try again later.
      console.warn('[ad-photos] upload interrupted', error);
      step = { kind: 'retry' };
    }
    if (step.kind === 'done' || step.kind === 'failed') {
      failures = 0;
      await updatePhoto(
        photo.id,
        step.kind === 'done'
          ? { state: 'uploaded', sent: photo.size, uploadedAt: Date.now() }
          : { state: 'failed', failure: step.reason },
      );
      announceProgress();
      continue;
    }
    if (uploader.stopped) return;
    failures += 1;
    // An expired token is renewed by the sync's next request (its refresh lock); the backoff gives it time.
    await sleep(uploader, step.kind === 'retry' && step.afterMs !== undefined ? step.afterMs : retryDelayMs(failures));
  }
};

/** Asks for an upload round (a new photo, back online, a login). Rounds never overlap in this tab. */
const kick = (uploader: Uploader): void => {
  if (uploader.stopped) return;
  uploader.wake?.();
  if (uploader.draining) {
    uploader.kickedWhileDraining = true;
    return;
  }
  uploader.draining = true;
  void withProfileLock(() => drain(uploader))
    .catch((error: unknown) => console.warn('[ad-photos] uploader stopped', error))
    .finally(() => {
      uploader.draining = false;
      if (uploader.kickedWhileDraining) kick(uploader);
    });
};

const dropOldCopies = async (): Promise<void> => {
  const old = (await allPhotos()).filter(
    (p) => p.state === 'uploaded' && p.uploadedAt !== undefined && Date.now() - p.uploadedAt > KEEP_UPLOADED_MS,
  );
  if (old.length > 0) {
    await deletePhotos(old.map((p) => p.id));
    announceProgress();
  }
};

/**
 * Starts this tab's uploader (with the local store, feature.ts): it sends whenever a photo is kept, the device
 * comes online, its sync reaches the server again or a user logs in. Answers the function that stops it (with the store).
 */
export const startUploader = (server: ServerAccess, owner$: Observable<string | undefined>): (() => void) => {
  if (typeof indexedDB === 'undefined') return () => undefined;
  // No window in Node (the tests drive this uploader there): no online event then.
  const events = typeof window === 'undefined' ? undefined : window;
  current?.wake?.();
  if (current) current.stopped = true;
  const uploader: Uploader = { server, draining: false, kickedWhileDraining: false, stopped: false, wake: undefined };
  current = uploader;
  const onOnline = () => kick(uploader);
  events?.addEventListener('online', onOnline);
  const subscriptions = [
    owner$.pipe(distinctUntilChanged()).subscribe((owner) => {
      setUploadingUser(owner);
      kick(uploader);
    }),
    photosChanged$.subscribe(() => kick(uploader)),
    // The live stream connected again: the server is back, whatever the backoff or its Retry-After had said. On a
    // link that died without the device going offline, nothing else ends the wait (the fault harness's seed 10485).
    server.connected$.pipe(distinctUntilChanged(), filter(Boolean)).subscribe(() => kick(uploader)),
  ];
  void refreshProgress();
  void dropOldCopies().catch(() => undefined);
  return () => {
    uploader.stopped = true;
    uploader.wake?.();
    events?.removeEventListener('online', onOnline);
    for (const subscription of subscriptions) subscription.unsubscribe();
    if (current === uploader) {
      current = undefined;
      setUploadingUser(undefined);
    }
  };
};
