/** What Chromium's Background Sync adds to a registration (not in TypeScript's DOM types). */
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Registers the service worker's background sync under `tag` where the browser has it (spec commerce.md, "Offline
 * order": "background sync named orderSync is registered"), so the browser wakes the store when the network is
 * back; elsewhere the store sends at the next visit or the 'online' event. Its own module rather than part of
 * service-worker.ts, which loads with the first page: only the checkout needs it.
 */
export const registerBackgroundSync = async (tag: string): Promise<boolean> => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & SyncRegistration;
    if (!registration.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    // Refused (no permission, a private window): the 'online' event still sends it.
    return false;
  }
};
