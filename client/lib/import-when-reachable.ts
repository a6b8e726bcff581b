/**
 * Loads one of the app's lazy chunks, waiting for the network rather than failing on it.
 *
 * On a first visit the service worker is still saving the app's files; a shopper whose connection drops in those
 * seconds would see a chunk's import fail, and React take the whole page down with it (a lazy component throws its
 * rejected import to the nearest error boundary). So an import that fails while the browser is offline waits for
 * the 'online' event and asks again: the part stays unshown meanwhile (its Suspense fallback), the page works on.
 * Chromium does not keep a failed module fetch, so the same address loads then (tests/e2e/offline-first-visit.spec.ts). While online a
 * failure is asked again after a pause (a dropped request), and given up after ONLINE_ATTEMPTS: a file that is
 * really gone (a deploy) is the error boundary's to show.
 */
export const ONLINE_ATTEMPTS = 3;

/** The network as the retry sees it; the browser's by default, a test's own in tests/unit. */
export interface Reachability {
  isOnline(): boolean;
  /** Resolves at the next 'online' event. */
  nextOnline(): Promise<void>;
  pause(ms: number): Promise<void>;
}

const browserReachability: Reachability = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  nextOnline: () => new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
  pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export const importWhenReachable = async <T>(
  load: () => Promise<T>,
  network: Reachability = browserReachability,
): Promise<T> => {
  for (let failedOnline = 0; ;) {
    try {
      return await load();
    } catch (error) {
      if (!network.isOnline()) {
        await network.nextOnline();
        continue;
      }
      failedOnline += 1;
      if (failedOnline >= ONLINE_ATTEMPTS) throw error;
      await network.pause(failedOnline * 1000);
    }
  }
};
