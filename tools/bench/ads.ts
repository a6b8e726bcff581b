/**
 * `npm run bench:ads`: the public ads list over 100,000 published ads beside a plain scan (tools/bench/ads-search.ts),
 * then the photos' figures (tools/bench/ads-photos.ts, helper B's).
 */
import { benchAdsSearch, log } from './ads-search.ts';

/**
 * The photos' part is helper B's (tools/bench/ads-photos.ts, `benchAdPhotos`). Imported by a computed name so this
 * bench still runs, and says so, where that file is missing.
 */
const photosBench = async (): Promise<void> => {
  const file = './ads-photos.ts';
  const loaded: unknown = await import(file).catch(() => undefined);
  const bench = (loaded as { benchAdPhotos?: unknown } | undefined)?.benchAdPhotos;
  if (typeof bench !== 'function') {
    log('tools/bench/ads-photos.ts (benchAdPhotos) is not there: no photo figures');
    return;
  }
  await (bench as () => Promise<void>)();
};

await benchAdsSearch();
await photosBench();
