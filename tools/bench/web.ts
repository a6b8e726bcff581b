/**
 * npm run bench:web — page weight and speed of the built store (issue 4):
 *   1. the first page's JavaScript, gzipped, from the build manifest (entry + its static imports), against the
 *      goal of under 200 KB (200,000 bytes) of gzip JavaScript; its CSS (the rules the page carries inline) beside
 *      its size before the split into feature stylesheets, and the lazy views' stylesheets; beside them, what the
 *      page really fetched before its first tile (what the page asked for before the tile showed, by Resource Timing);
 *   2. time from navigation start to the first product tile of a category page in Debian's Chromium:
 *      a cold load and a reload on a throttled slow-4G link (service worker blocked, so its cache does not
 *      hide the throttling), and a reload offline (service worker on, data from IndexedDB), against the goal
 *      of under 1.5 s offline. Baseline: a static HTML page with one tile, under the same throttling;
 *   3. on a cold slow-4G load of home, when its first slide picture shows (the first view the server draws
 *      into the page, sync-server/http/first-view.ts) and when its first product tile does (the app).
 * The client is built into WEB_DIST (default /tmp/dist-web) and served by the sync server with the demo
 * catalogue. Env: BENCH_WEB_RUNS (5), BENCH_WEB_PATH (/iphone), BENCH_WEB_LATENCY_MS / _DOWN_KBPS / _UP_KBPS,
 * WEB_SKIP_BUILD=1 (reuse the build), BENCH_WEB_SIZE_ONLY=1 (the sizes from the manifest, no browser). On 2 shared cores the timings move with the machine's load: it is printed.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { sized } from './short.ts';
import { fmt, percentiles, table } from './stats.ts';
import {
  CSS_GZIP_BEFORE_SPLIT,
  firstPageBundle,
  gzipSize,
  sum,
  type FirstPageBundle,
  type ShippedFile,
} from './web/bundle.ts';
import {
  describeThrottle,
  firstPictureMs,
  firstTileMs,
  PICTURE,
  SLOW_4G,
  throttle,
  TILE,
  watchFirstPicture,
  watchFirstTile,
} from './web/first-grid.ts';
import { buildClient, DEMO_PAGES, startStore, WEB_DIST } from './web/store.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? sized(5, 1));
const PAGE_PATH = process.env.BENCH_WEB_PATH ?? DEMO_PAGES.category;
const BASELINE_PATH = '/bench-baseline.html';
const JS_GOAL_BYTES = 200_000;
const OFFLINE_GOAL_MS = 1_500;

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A cold load per run, each in a fresh context (empty HTTP cache), throttled, service worker blocked. */
const coldLoads = async <T>(
  browser: Browser,
  url: string,
  measure: (page: Page) => Promise<T>,
  fetched?: Set<string>,
): Promise<T[]> => {
  const samples: T[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await watchFirstTile(context);
    await watchFirstPicture(context);
    const page = await context.newPage();
    await throttle(page, SLOW_4G);
    await page.goto(url, { waitUntil: 'commit' });
    samples.push(await measure(page));
    if (fetched && i === 0) (await requestedBeforeFirstTile(page)).forEach((path) => fetched.add(path));
    await context.close();
  }
  return samples;
};

/** The paths the page asked for before its first tile showed (what came after is not the first tile's cost). */
const requestedBeforeFirstTile = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= (window.__firstTileMs ?? Infinity))
      .map((entry) => new URL(entry.name).pathname),
  );

/** Home's first slide picture, then its first product tile. */
const pictureThenTile = async (page: Page) => ({ picture: await firstPictureMs(page), tile: await firstTileMs(page) });

/** The page loaded once at full speed, then reloaded `RUNS` times throttled (HTTP cache warm). */
const throttledReloads = async (browser: Browser, url: string): Promise<number[]> => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await watchFirstTile(context);
  const page = await context.newPage();
  await page.goto(url);
  await firstTileMs(page);
  await throttle(page, SLOW_4G);
  const samples = await reloads(page);
  await context.close();
  return samples;
};

const reloads = async (page: Page): Promise<number[]> => {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.reload({ waitUntil: 'commit' });
    samples.push(await firstTileMs(page));
  }
  return samples;
};

/** Online once (the service worker installs, the catalogue replicates), then reloaded offline. */
const offlineReloads = async (browser: Browser, url: string): Promise<number[]> => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await watchFirstTile(context);
  const page = await context.newPage();
  await page.goto(url);
  await firstTileMs(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.waitForTimeout(3_000); // the catalogue pull into IndexedDB (about 120 KB on loopback)
  await context.setOffline(true);
  await page.reload({ waitUntil: 'commit' }); // not counted: the first offline start
  await firstTileMs(page);
  const samples = await reloads(page);
  await context.close();
  return samples;
};

const main = async (): Promise<void> => {
  const building = process.env.WEB_SKIP_BUILD === '1' ? 'reusing the build in' : 'building the client into';
  console.log(`load average ${load()}; ${building} ${WEB_DIST}`);
  await buildClient();
  writeFileSync(
    join(WEB_DIST, BASELINE_PATH),
    '<!doctype html><html lang="bg"><title>baseline</title><ul><li data-testid="listing-tile">tile</li></ul>',
  );
  const bundle = firstPageBundle(WEB_DIST);
  if (process.env.BENCH_WEB_SIZE_ONLY === '1') return reportSizes(bundle, []);
  const store = await startStore();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const url = store.url + PAGE_PATH;
    const baseline = store.url + BASELINE_PATH;
    console.log(`store at ${store.url}; ${RUNS} runs of each, page ${PAGE_PATH}, ${describeThrottle(SLOW_4G)}`);
    const fetched = new Set<string>();
    const cold = await coldLoads(browser, url, firstTileMs, fetched);
    const coldBase = await coldLoads(browser, baseline, firstTileMs);
    const home = await coldLoads(browser, store.url + DEMO_PAGES.home, pictureThenTile);
    const reload = await throttledReloads(browser, url);
    const reloadBase = await throttledReloads(browser, baseline);
    const offline = await offlineReloads(browser, url);
    const assets = [...fetched].filter((p) => p.startsWith('/assets/')).map((p) => gzipSize(WEB_DIST, p.slice(1)));
    reportSizes(bundle, assets);
    reportTimings(
      {
        cold,
        coldBase,
        reload,
        reloadBase,
        offline,
        homePicture: home.map((h) => h.picture),
        homeTile: home.map((h) => h.tile),
      },
      bundle,
      assets,
    );
  } finally {
    await browser.close();
    await store.close();
  }
};

interface Timings {
  cold: number[];
  coldBase: number[];
  reload: number[];
  reloadBase: number[];
  offline: number[];
  homePicture: number[];
  homeTile: number[];
}

const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');

const reportSizes = (bundle: FirstPageBundle, fetched: ShippedFile[]): void => {
  const jsGzip = sum(bundle.js, 'gzip');
  const fetchedJs = fetched.filter((f) => f.file.endsWith('.js'));
  const fetchedCss = fetched.filter((f) => f.file.endsWith('.css'));
  console.log('\nfirst page, gzip (zlib default level, as served):');
  console.log(
    table(
      ['what', 'files', 'raw', 'gzip', 'goal'],
      [
        [
          'JS: entry + static imports',
          String(bundle.js.length),
          kb(sum(bundle.js, 'raw')),
          kb(jsGzip),
          `< 200 KB: ${verdict(jsGzip < JS_GOAL_BYTES)}`,
        ],
        [
          'CSS, inline in the page',
          String(bundle.css.length),
          kb(sum(bundle.css, 'raw')),
          kb(sum(bundle.css, 'gzip')),
          '',
        ],
        ...(fetched.length === 0
          ? []
          : [
              [
                'JS fetched before the first tile',
                String(fetchedJs.length),
                kb(sum(fetchedJs, 'raw')),
                kb(sum(fetchedJs, 'gzip')),
                `< 200 KB: ${verdict(sum(fetchedJs, 'gzip') < JS_GOAL_BYTES)}`,
              ],
              [
                'CSS fetched before the first tile',
                String(fetchedCss.length),
                kb(sum(fetchedCss, 'raw')),
                kb(sum(fetchedCss, 'gzip')),
                '',
              ],
            ]),
      ],
    ),
  );
  for (const f of [...bundle.js, ...bundle.lazy]) {
    const lazy = bundle.lazy.includes(f) ? ' (dynamic import)' : '';
    console.log(`  ${f.file}: ${kb(f.raw)} raw, ${kb(f.gzip)} gzip${lazy}`);
  }
  const bytes = (n: number): string => `${n.toLocaleString('en')} B`;
  const cssGzip = sum(bundle.css, 'gzip');
  console.log(
    `\nfirst-page CSS: ${bytes(cssGzip)} gzip (${bytes(CSS_GZIP_BEFORE_SPLIT)} before the split into feature stylesheets)`,
  );
  console.log(
    `the lazy views' CSS: ${bundle.lazyCss.length} files, ${bytes(sum(bundle.lazyCss, 'gzip'))} gzip ` +
      `(${bundle.lazyCss.map((f) => `${f.file} ${bytes(f.gzip)}`).join(', ')}); ` +
      `all CSS: ${bytes(cssGzip + sum(bundle.lazyCss, 'gzip'))} gzip`,
  );
};

const reportTimings = (
  { cold, coldBase, reload, reloadBase, offline, homePicture, homeTile }: Timings,
  bundle: FirstPageBundle,
  fetched: ShippedFile[],
): void => {
  const jsGzip = sum(bundle.js, 'gzip');
  const fetchedJs = fetched.filter((f) => f.file.endsWith('.js'));
  const p50 = (samples: number[]) => percentiles(samples).p50;
  const row = (what: string, samples: number[], base: number[] | undefined, goal: string): string[] => [
    what,
    fmt(p50(samples)),
    samples.map((s) => fmt(s)).join(' '),
    base ? `${fmt(p50(base))} (${fmt(p50(samples) / p50(base))}x)` : '-',
    goal,
  ];
  console.log(`\nfirst product tile on ${PAGE_PATH}, ms from navigation start (${describeThrottle(SLOW_4G)}):`);
  console.log(
    table(
      ['load', 'p50', 'runs', 'static-page baseline p50 (ratio)', 'goal'],
      [
        row('slow 4G, cold (empty cache, no SW)', cold, coldBase, ''),
        row('slow 4G, reload (HTTP cache, no SW)', reload, reloadBase, ''),
        row(
          'offline reload (service worker, IndexedDB)',
          offline,
          undefined,
          `< ${fmt(OFFLINE_GOAL_MS)} ms: ${verdict(p50(offline) < OFFLINE_GOAL_MS)}`,
        ),
      ],
    ),
  );
  console.log(`\nhome ${DEMO_PAGES.home}, slow 4G, cold (empty cache, no SW), ms from navigation start:`);
  console.log(
    table(
      ['what', 'p50', 'runs', 'static-page baseline p50 (ratio)', 'goal'],
      [
        row('first slide picture (the first view)', homePicture, coldBase, ''),
        row('first product tile (the app)', homeTile, coldBase, ''),
      ],
    ),
  );
  console.log(
    `\nThe tile is ${TILE}; the picture ${PICTURE}, once loaded. Each time is performance.now() in the ` +
      `animation frame after it first has a box. ` +
      `Baseline: ${BASELINE_PATH}, a static page with one tile in its HTML, loaded the same way. ` +
      `Load average at the end ${load()}.`,
  );
  console.log(
    `\nbench:web js_gzip_kb=${(jsGzip / 1000).toFixed(1)} fetched_js_gzip_kb=${(sum(fetchedJs, 'gzip') / 1000).toFixed(1)} ` +
      `css_gzip_kb=${(sum(bundle.css, 'gzip') / 1000).toFixed(1)} ` +
      `lazy_css_gzip_kb=${(sum(bundle.lazyCss, 'gzip') / 1000).toFixed(1)} slow4g_cold_p50_ms=${Math.round(p50(cold))} ` +
      `slow4g_reload_p50_ms=${Math.round(p50(reload))} offline_p50_ms=${Math.round(p50(offline))} ` +
      `home_picture_slow4g_cold_p50_ms=${Math.round(p50(homePicture))} home_tile_slow4g_cold_p50_ms=${Math.round(p50(homeTile))}`,
  );
};

const watchdog = setTimeout(() => {
  console.error('bench:web exceeded 10 minutes: aborting');
  process.exit(1);
}, 600_000);
watchdog.unref();

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error('bench:web failed:', error);
    process.exit(1);
  });
