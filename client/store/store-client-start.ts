import { browserOnline } from '../lib/browser-online.ts';

/**
 * When this tab starts its local store. The store's chunk is about half of the first page's JavaScript and
 * its startup (database, schemas, first pulls, the search index) runs long tasks; a page whose first data
 * comes from the server (home, a category) paints sooner when that work waits until the data has arrived.
 * Views say so with `holdStart()`; the start then waits for the first paint, every hold's release (at most
 * HOLD_LIMIT_MS) and an idle moment (at most IDLE_TIMEOUT_MS). Offline nothing is held: views need the device.
 */

/** A server that is slow to answer never keeps the cart badge and sync indicator waiting longer than this. */
export const HOLD_LIMIT_MS = 3000;
/** requestIdleCallback's timeout: a busy page still starts its store soon after its data has arrived. */
const IDLE_TIMEOUT_MS = 1000;

let holds = 0;
const released = new Set<() => void>();

/** Hold the store's start (call the returned function once the view's first data has arrived). */
export const holdStart = (): (() => void) => {
  holds += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    holds -= 1;
    if (holds === 0) for (const listener of [...released]) listener();
  };
};

const afterPaint = (run: () => void): (() => void) => {
  // The frame after the next one has been painted.
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(run);
  });
  return () => cancelAnimationFrame(frame);
};

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(run, 0);
  return () => window.clearTimeout(timer);
};

const online = browserOnline;

/** Calls `start` once, at the moment described above. Returns a cancel function. */
export const scheduleStart = (start: () => void): (() => void) => {
  if (!online()) {
    start();
    return () => undefined;
  }
  let cancelled = false;
  let cancelStep: () => void = () => undefined;
  const fire = () => {
    if (cancelled) return;
    cancelled = true;
    released.delete(onReleased);
    window.clearTimeout(limit);
    window.removeEventListener('offline', fire);
    start();
  };
  const onReleased = () => {
    released.delete(onReleased);
    // A view that releases its hold as the next one takes its own (one commit) leaves the count at zero for
    // a moment: look again when idle.
    cancelStep = whenIdle(() => (holds === 0 ? fire() : released.add(onReleased)));
  };
  window.addEventListener('offline', fire);
  const limit = window.setTimeout(fire, HOLD_LIMIT_MS);
  cancelStep = afterPaint(() => {
    if (holds === 0) onReleased();
    else released.add(onReleased);
  });
  return () => {
    cancelled = true;
    cancelStep();
    released.delete(onReleased);
    window.clearTimeout(limit);
    window.removeEventListener('offline', fire);
  };
};
