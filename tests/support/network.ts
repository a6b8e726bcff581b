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
  const networkFetch: typeof fetch = async (input, init) => {
    if (!online$.value) throw new TypeError('fetch failed: offline');
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    if (unreachable.has(path)) throw new TypeError(`fetch failed: ${path} unreachable`);
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
    setOnline(online: boolean) {
      if (!online) for (const c of open) c.abort();
      if (!online) open.clear();
      online$.next(online);
    },
  };
};
/** A device's network as the devices of tests and benches use it (the benches' own has no unreachable paths). */
export type Network = Omit<ReturnType<typeof createNetwork>, 'setUnreachable'>;
export type TestNetwork = ReturnType<typeof createNetwork>;
