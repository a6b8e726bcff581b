import { startTransition, useEffect, useMemo, useState } from 'react';
import type { BlogPost } from '../../../schema/catalog/content.ts';
import type { StoreClient } from '../../store/index.ts';
import { useObservable } from '../../ui/use-observable.ts';
import { fetchHomeInit, latestBlogPosts$, localHomeData$, type HomeData } from './home-data.ts';

export interface HomeSections {
  /** Undefined until the server or the device has answered. */
  data: HomeData | undefined;
  /** 'server': GET /api/catalog/init answered; 'device': built from the local catalogue. */
  source: 'server' | 'device' | undefined;
  blogPosts: readonly BlogPost[] | undefined;
}

/**
 * The home sections: the server's init data while online; when offline, or when the server does not answer
 * in time, the same sections from the catalogue held on this device.
 */
export function useHomeSections(client: StoreClient | null, online: boolean): HomeSections {
  const [fromServer, setFromServer] = useState<HomeData | null | undefined>(undefined);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    void fetchHomeInit(controller.signal).then((data) => {
      // A transition: the home sections render in slices that yield to taps (see useObservable).
      if (!controller.signal.aborted) startTransition(() => setFromServer((previous) => data ?? previous ?? null));
    });
    return () => controller.abort();
  }, [online]);

  const useDevice = !online || fromServer === null;
  const local$ = useMemo(() => (client && useDevice ? localHomeData$(client) : undefined), [client, useDevice]);
  const local = useObservable(local$);
  const blog$ = useMemo(() => (client ? latestBlogPosts$(client) : undefined), [client]);
  const blogPosts = useObservable(blog$);

  if (online && fromServer) return { data: fromServer, source: 'server', blogPosts };
  if (useDevice && local) return { data: local, source: 'device', blogPosts };
  return { data: undefined, source: undefined, blogPosts };
}
