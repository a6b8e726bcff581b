import { useEffect, useState } from 'react';
import { getApiResult } from '../lib/get-api-result.ts';
import { parseKeptShopLinks, readShopLinks, type ShopLinks } from './shop-links.ts';

const INIT_PATH = '/api/catalog/init';
/** The last init answer's footer links, kept on this device so the footer and the menu have them offline. */
const STORAGE_KEY = 'shop-links:v1';

const keep = (links: ShopLinks): void => {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(links));
  } catch {
    // Storage full or refused: the footer shows its fixed links offline.
  }
};

const kept = (): ShopLinks | null => {
  try {
    return parseKeptShopLinks(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
};

/** The init answer's body the page came with (see BootInit), read into links. */
const fromPage = (bootInit: unknown): ShopLinks | null => {
  const result = (bootInit as { result?: unknown } | undefined)?.result;
  return result === undefined ? null : readShopLinks(result);
};

/** One refresh per page load, shared by the menu and the footer. */
let refresh: Promise<ShopLinks | null> | undefined;

const refreshOnce = (): Promise<ShopLinks | null> => {
  refresh ??= getApiResult(INIT_PATH).then((result) => {
    const links = result === null ? null : readShopLinks(result);
    if (links) keep(links);
    // Unreachable (offline, slow): asked again by the next view that needs it, not given up for the page's life.
    else refresh = undefined;
    return links;
  });
  return refresh;
};

/**
 * The footer's links and contact details from GET /api/catalog/init: the answer the page came with (`bootInit`,
 * held by the layout), else the copy kept from the last answer (offline too), refreshed once per page load when
 * the page came without one. Asked when the browser is idle, so the first view's requests go first.
 */
export function useShopLinks(bootInit: unknown): ShopLinks | null {
  const [links, setLinks] = useState<ShopLinks | null>(() => {
    const page = fromPage(bootInit);
    if (!page) return kept();
    keep(page);
    refresh ??= Promise.resolve(page);
    return page;
  });
  useEffect(() => {
    let live = true;
    const ask = () =>
      void refreshOnce().then((fresh) => {
        if (live && fresh) setLinks(fresh);
      });
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(ask, { timeout: 3000 }) : window.setTimeout(ask, 1500);
    return () => {
      live = false;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return links;
}
