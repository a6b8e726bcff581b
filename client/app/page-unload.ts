/**
 * The browser build's stand-in for the `unload` package (vite.config.ts aliases it here). broadcast-channel,
 * under RxDB's leader election, uses it to let the leading tab step down when the page goes away; the
 * package listens to `unload`, which Chromium deprecates and which keeps a page out of the back/forward
 * cache. Same API and the same moment, through `beforeunload` and `pagehide` instead (a page kept in the
 * back/forward cache is not going away, so a persisted `pagehide` runs nothing).
 */
type Listener = () => unknown;

const listeners = new Set<Listener>();
let listening = false;

export function runAll(): Promise<unknown[]> {
  const results = [...listeners].map((fn) => {
    listeners.delete(fn);
    return fn();
  });
  return Promise.all(results);
}

const startListening = (): void => {
  if (listening || typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  listening = true;
  window.addEventListener('beforeunload', () => void runAll(), true);
  window.addEventListener(
    'pagehide',
    (event) => {
      if (!event.persisted) void runAll();
    },
    true,
  );
};

export function add(fn: Listener): { remove: () => boolean; run: () => unknown } {
  if (typeof fn !== 'function') throw new Error('Listener is no function');
  startListening();
  listeners.add(fn);
  return {
    remove: () => listeners.delete(fn),
    run: () => {
      listeners.delete(fn);
      return fn();
    },
  };
}

export function removeAll(): void {
  listeners.clear();
}

export function getSize(): number {
  return listeners.size;
}
