/**
 * Time from navigation start to the first product tile on screen, read inside the page: an init script
 * watches the DOM and, in the animation frame after the first tile has a box, keeps `performance.now()`
 * (which counts from the navigation's start), so no CDP round trip is inside the figure.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

// Home's tiles are data-testid="product-tile" (home-product-tile.tsx); "home-tile" is their former id.
export const TILE = '[data-testid="listing-tile"], [data-testid="product-tile"], [data-testid="home-tile"]';

/** Home's first slide picture: the page's largest paint, which the server draws into the page (first-view.ts). */
export const PICTURE = '.home-slider__image';

declare global {
  interface Window {
    __firstTileMs?: number;
    __firstPictureMs?: number;
  }
}

/** Network conditions for CDP `Network.emulateNetworkConditions` (throughput in bytes/s). */
export interface Throttle {
  name: string;
  latencyMs: number;
  downKbps: number;
  upKbps: number;
}

/** Chrome DevTools' "Slow 4G" preset (the former "Fast 3G"): 562.5 ms RTT, 1.44 Mbit/s down, 675 kbit/s up. */
export const SLOW_4G: Throttle = {
  name: 'slow 4G',
  latencyMs: Number(process.env.BENCH_WEB_LATENCY_MS ?? 562.5),
  downKbps: Number(process.env.BENCH_WEB_DOWN_KBPS ?? 1440),
  upKbps: Number(process.env.BENCH_WEB_UP_KBPS ?? 675),
};

export const describeThrottle = (t: Throttle): string =>
  `${t.name}: ${t.latencyMs} ms latency, ${t.downKbps} kbit/s down, ${t.upKbps} kbit/s up`;

export const watchFirstTile = async (context: BrowserContext): Promise<void> => {
  await context.addInitScript((selector: string) => {
    const observer = new MutationObserver(() => {
      const tile = document.querySelector(selector);
      if (!tile || tile.getBoundingClientRect().height === 0) return;
      observer.disconnect();
      requestAnimationFrame(() => (window.__firstTileMs = performance.now()));
    });
    observer.observe(document, { childList: true, subtree: true });
  }, TILE);
};

/**
 * Like watchFirstTile, for the first slide picture once it has loaded: every picture element fires `load`,
 * whether the server drew it or the app did. (No named functions inside: tsx would wrap them in a helper
 * the page does not have.)
 */
export const watchFirstPicture = async (context: BrowserContext): Promise<void> => {
  await context.addInitScript((selector: string) => {
    document.addEventListener(
      'load',
      (event) => {
        const picture = event.target;
        if (!(picture instanceof HTMLImageElement) || !picture.matches(selector)) return;
        if (picture.getBoundingClientRect().height === 0) return;
        requestAnimationFrame(() => (window.__firstPictureMs ??= performance.now()));
      },
      true,
    );
  }, PICTURE);
};

export const throttle = async (page: Page, t: Throttle | undefined): Promise<CDPSession> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: t?.latencyMs ?? 0,
    downloadThroughput: t ? (t.downKbps * 1000) / 8 : -1,
    uploadThroughput: t ? (t.upKbps * 1000) / 8 : -1,
  });
  return cdp;
};

/** Waits for the page's first tile and returns its time (ms from navigation start). */
export const firstTileMs = async (page: Page, timeoutMs = 30_000): Promise<number> => {
  const handle = await page.waitForFunction(() => window.__firstTileMs, undefined, { timeout: timeoutMs });
  return Number(await handle.jsonValue());
};

/** Waits for home's first slide picture and returns its time (ms from navigation start). */
export const firstPictureMs = async (page: Page, timeoutMs = 30_000): Promise<number> => {
  const handle = await page.waitForFunction(() => window.__firstPictureMs, undefined, { timeout: timeoutMs });
  return Number(await handle.jsonValue());
};
