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

/** The device's catalogue has none of the home's sections yet (its first pull has not come). */
export const holdsNothing = (data: HomeData): boolean =>
  data.topProducts.length === 0 && data.bundles.length === 0 && data.categories.length === 0;

/**
 * Which answer the home shows. Online: the server's. Offline: the device's, except while the device holds nothing
 * yet and the server's answer is already on the page: the connection dropping on a first visit, before the
 * catalogue's first pull, must not take away the products the shopper is looking at.
 */
export const chooseHomeData = (
  online: boolean,
  fromServer: HomeData | null | undefined,
  local: HomeData | undefined,
): Pick<HomeSections, 'data' | 'source'> => {
  if (fromServer && (online || !local || holdsNothing(local))) return { data: fromServer, source: 'server' };
  if ((!online || fromServer === null) && local) return { data: local, source: 'device' };
  return { data: undefined, source: undefined };
};

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

  return { ...chooseHomeData(online, fromServer, local), blogPosts };
}
