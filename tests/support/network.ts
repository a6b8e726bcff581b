import { BehaviorSubject } from 'rxjs';

/**
 * A device's network for Node tests: a fetch that fails while "offline" and cuts every open request
 * (the live stream included) the moment the device goes offline, as a dropped connection would.
 */
export const createNetwork = () => {
  const online$ = new BehaviorSubject(true);
  const open = new Set<AbortController>();
  const networkFetch: typeof fetch = async (input, init) => {
    if (!online$.value) throw new TypeError('fetch failed: offline');
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
    setOnline(online: boolean) {
      if (!online) for (const c of open) c.abort();
      if (!online) open.clear();
      online$.next(online);
    },
  };
};
export type Network = ReturnType<typeof createNetwork>;
