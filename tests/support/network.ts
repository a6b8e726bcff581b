import { BehaviorSubject } from 'rxjs';

/**
 * A device's network for Node tests: a fetch that fails while "offline" and cuts every open request
 * (the live stream included) the moment the device goes offline, as a dropped connection would.
 */
export const createNetwork = () => {
  const online$ = new BehaviorSubject(true);
  const open = new Set<AbortController>();
  /** Paths whose requests fail as a dropped connection would, while the rest of the network works. */
  const unreachable = new Set<string>();
  /** Paths whose requests wait (before reaching the server) until released: a slow answer, made to order. */
  const held = new Map<string, Promise<void>>();
  /** How many requests each path has been asked for (reachable or not, held or not). */
  const asked = new Map<string, number>();
  const networkFetch: typeof fetch = async (input, init) => {
    if (!online$.value) throw new TypeError('fetch failed: offline');
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    asked.set(path, (asked.get(path) ?? 0) + 1);
    if (unreachable.has(path)) throw new TypeError(`fetch failed: ${path} unreachable`);
    await held.get(path);
    const controller = new AbortController();
    init?.signal?.addEventListener('abort', () => controller.abort());
    open.add(controller);
    try {
      const response = await fetch(input, { ...init, signal: controller.signal });
      if (!response.body) return response;
      // Keep the controller until the body is finished, so going offline cuts streams too.
      const body = response.body.pipeThrough(new TransformStream({ flush: () => void open.delete(controller) }));
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (error) {
      open.delete(controller);
      throw error;
    }
  };
  return {
    fetch: networkFetch,
    online$,
    /** Makes one path unreachable (true) or reachable again (false). */
    setUnreachable(path: string, unreachableNow: boolean) {
      if (unreachableNow) unreachable.add(path);
      else unreachable.delete(path);
    },
    /** Holds the requests to one path until the returned function is called. */
    hold(path: string): () => void {
      let release!: () => void;
      held.set(path, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        held.delete(path);
        release();
      };
    },
    /** How many requests to `path` the device has made so far. */
    askedFor: (path: string): number => asked.get(path) ?? 0,
    setOnline(online: boolean) {
      if (!online) for (const c of open) c.abort();
      if (!online) open.clear();
      online$.next(online);
    },
  };
};
/** A device's network as the devices of tests and benches use it (the benches' own has no unreachable paths). */
export type Network = Omit<ReturnType<typeof createNetwork>, 'setUnreachable' | 'hold' | 'askedFor'>;
export type TestNetwork = ReturnType<typeof createNetwork>;
