/**
 * Registers /service-worker.js (spec, commerce section 7: checked for a 404 and a JavaScript content type
 * before registration; a bad file is logged as a registration error and the worker is unregistered).
 * Lifecycle events are only logged.
 */
import { yieldToMain } from '../lib/main-thread.ts';

const SW_URL = '/service-worker.js';
const log = (...args: unknown[]) => console.info('[service worker]', ...args);

const unregisterAll = async () => {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((r) => r.unregister()));
};

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  let response: Response;
  try {
    response = await fetch(SW_URL, { cache: 'no-store' });
  } catch {
    // Offline: the worker already installed keeps serving the app.
    log('No internet connection found. App is running in offline mode.');
    return;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !/javascript/i.test(type)) {
    console.error(
      '[service worker] registration error: %s answered %d (%s)',
      SW_URL,
      response.status,
      type || 'no type',
    );
    await unregisterAll();
    return;
  }
  try {
    const registration = await navigator.serviceWorker.register(SW_URL, { scope: '/' });
    log('registered');
    keepPicturesSeenBeforeTheWorker();
    registration.addEventListener('updatefound', () => {
      log('update found');
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed') log(navigator.serviceWorker.controller ? 'updated' : 'cached');
      });
    });
  } catch (error) {
    console.error('[service worker] registration error', error);
  }
}

/** The pictures the worker keeps for offline use (vite.config.ts: `product-images` and `ad-photos`). */
const KEPT_PICTURES = /^\/(images|media)\//;

/**
 * A shopper's first page loads its pictures before the worker is installed, so the worker's picture cache never
 * saw them and, offline, that page showed blank boxes (issue 19). Once a worker controls the page, the pictures
 * the page has loaded are asked for once more through it (from the HTTP cache, no download), and it keeps them.
 */
const keepPicturesSeenBeforeTheWorker = (): void => {
  const warm = async () => {
    const seen = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && KEPT_PICTURES.test(url.pathname));
    // A task each: starting a page's dozen fetches through the worker at once was a slow phone's 60 ms task.
    for (const url of new Set(seen.map((u) => u.href))) {
      await yieldToMain();
      void fetch(url).catch(() => undefined);
    }
  };
  if (navigator.serviceWorker.controller) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => void warm(), { once: true });
};
