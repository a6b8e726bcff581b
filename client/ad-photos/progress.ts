import { defer, ReplaySubject, Subject, type Observable } from 'rxjs';
import { allPhotos, type PhotoState } from './photo-store.ts';

/** A kept photo's upload, as the interface shows it (no bytes). */
export interface PhotoProgress {
  state: PhotoState;
  sent: number;
  size: number;
  failure?: string | undefined;
}

/**
 * The kept photos' upload states, shared by this tab's views. The tab that uploads tells the others through a
 * BroadcastChannel, so a form open in another tab sees the progress too. Nothing is emitted before the first
 * read: an empty map would count every photo as uploaded.
 */
const states = new ReplaySubject<ReadonlyMap<string, PhotoProgress>>(1);

let reading: Promise<void> | undefined;
let again = false;

/** Reads the states from IndexedDB again (after this tab or another changed them). */
export const refreshProgress = (): Promise<void> => {
  channelOf();
  if (reading) {
    again = true;
    return reading;
  }
  reading = (async () => {
    do {
      again = false;
      const photos = await allPhotos().catch(() => []);
      states.next(
        new Map(photos.map((p) => [p.id, { state: p.state, sent: p.sent, size: p.size, failure: p.failure }] as const)),
      );
    } while (again);
  })().finally(() => {
    reading = undefined;
  });
  return reading;
};

const changed = new Subject<void>();
/** The kept photos changed, in this tab or another (a new photo to upload, one forgotten, progress). */
export const photosChanged$: Observable<void> = changed;

/** This tab changed the kept photos: every tab reads again. */
export const announceProgress = (): void => {
  void refreshProgress();
  changed.next();
  channelOf()?.postMessage('changed');
};

/**
 * The tabs' channel, opened on first use. In Node (the tests and benches drive the store there) a channel would
 * keep the process alive: it is unref'd there.
 */
let channel: BroadcastChannel | undefined;
let opened = false;
const channelOf = (): BroadcastChannel | undefined => {
  if (opened) return channel;
  opened = true;
  if (typeof BroadcastChannel === 'undefined') return undefined;
  channel = new BroadcastChannel('ad-photos');
  (channel as { unref?: () => void }).unref?.();
  channel.onmessage = () => {
    void refreshProgress();
    changed.next();
  };
  return channel;
};

/** The states, read afresh for each new subscriber (a page may show them before the store has started). */
export const progress$: Observable<ReadonlyMap<string, PhotoProgress>> = defer(() => {
  void refreshProgress();
  return states;
});
