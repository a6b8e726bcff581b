/**
 * The operator console in Chromium (issue 30, run by `npm run bench:ops`): the client built into its own folder and
 * served by the sync server with a seeded command log (tools/bench/ops-web/console-store.ts); Debian's Chromium,
 * unthrottled on loopback, service workers blocked (so an emptied HTTP cache is a cold load, not the worker's cache).
 *   1. The console's first paint, first contentful paint and the command log's first rows on screen, ms from the
 *      navigation's start: a first visit (an empty profile: the login form), a cold load (logged in, the HTTP cache
 *      emptied by CDP Network.clearBrowserCache) and a warm one (a reload); each beside the store's home page loaded
 *      the same way in the same run (its first paint: the baseline).
 *   2. The Health page's charts drawn with 100,000 points a line: the built console itself at /ops/health, its stats
 *      answer stood in for by the bench (Playwright's page.route) because the server sends at most 2000 buckets a
 *      request. So the points go through the console's own path (its request, schema check, series, the Chart
 *      component's uPlot options and drawing), not a copy of it; beside the same with 1,000 points (a real answer's
 *      size). Timed from the answer's last byte to the frame after the charts.
 * Env: BENCH_OPS_WEB_RUNS (10), BENCH_OPS_WEB_ROWS (commands seeded, 100,000), BENCH_OPS_CHART_POINTS (100,000),
 * BENCH_OPS_DIST (serve that build as it is; by default the client is built into /tmp/dist-ops, about 5 s, so no other
 * build of dist/ changes it mid-run). `--short`: 2 runs, 1,000 commands, a 10,000-point chart.
 */
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { startConsoleStore, type ConsoleStore } from './ops-web/console-store.ts';
import {
  chartsDrawnMs,
  firstRowsMs,
  paintsOf,
  watchConsole,
  type ChartsDrawn,
  type Paints,
} from './ops-web/page-watch.ts';
import { CHARTS_DRAWN, LINES_DRAWN, statsAnswer } from './ops-web/stats-answer.ts';
import { envInt } from './settings.ts';
import { SHORT, sized } from './short.ts';
import { fmt, percentiles, table } from './stats.ts';
import { buildClient } from './web/store.ts';

const RUNS = envInt('BENCH_OPS_WEB_RUNS', sized(10, 2));
const COMMANDS = envInt('BENCH_OPS_WEB_ROWS', sized(100_000, 1_000));
const POINTS = envInt('BENCH_OPS_CHART_POINTS', sized(100_000, 10_000));
/** The baseline chart: about what a real answer holds (the page asks for up to 1000 buckets). */
const BASE_POINTS = 1_000;
const BUDGET_MS = sized(15, 4) * 60_000;

const began = performance.now();
const log = (message: string) =>
  console.log(`[bench:ops browser +${((performance.now() - began) / 1000).toFixed(1)}s] ${message}`);

const watchdog = setTimeout(() => {
  console.error(`bench:ops browser exceeded ${BUDGET_MS / 60_000} minutes: aborting`);
  process.exit(1);
}, BUDGET_MS);
watchdog.unref();

interface ConsoleLoad extends Paints {
  rows: number;
}

interface Run {
  firstVisit: Paints;
  homeFirstVisit: Paints;
  cold: ConsoleLoad;
  warm: ConsoleLoad;
  homeCold: Paints;
  homeWarm: Paints;
}

const newContext = async (browser: Browser, store: ConsoleStore): Promise<BrowserContext> => {
  const context = await browser.newContext({
    baseURL: store.url,
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 900 },
  });
  await watchConsole(context, CHARTS_DRAWN);
  return context;
};

/** The console's own login form (client/ops/ops-login.tsx), as an operator fills it. */
const logIn = async (page: Page, store: ConsoleStore): Promise<void> => {
  await page.getByLabel('Имейл').fill(store.operator.email);
  await page.getByLabel('Парола').fill(store.operator.password);
  await page.getByRole('button', { name: 'Вход', exact: true }).click();
};

const consoleLoad = async (page: Page): Promise<ConsoleLoad> => ({
  rows: await firstRowsMs(page),
  ...(await paintsOf(page)),
});

/** Home's first paint in an empty profile: the first visit's baseline. */
const homeFirstVisit = async (browser: Browser, store: ConsoleStore): Promise<Paints> => {
  const context = await newContext(browser, store);
  try {
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'commit' });
    return await paintsOf(page);
  } finally {
    await context.close();
  }
};

/** One run: a new profile's first visit, logging in, then cold and warm loads of the console and of home. */
const oneRun = async (browser: Browser, store: ConsoleStore): Promise<Run> => {
  const homeFirst = await homeFirstVisit(browser, store);
  const context = await newContext(browser, store);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto('/ops/', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Вход за оператори' }).waitFor({ timeout: 60_000 });
    const firstVisit = await paintsOf(page);
    await logIn(page, store);
    await firstRowsMs(page);

    await cdp.send('Network.clearBrowserCache');
    await page.goto('/ops/', { waitUntil: 'commit' });
    const cold = await consoleLoad(page);
    await page.reload({ waitUntil: 'commit' });
    const warm = await consoleLoad(page);

    await cdp.send('Network.clearBrowserCache');
    await page.goto('/', { waitUntil: 'commit' });
    const homeCold = await paintsOf(page);
    await page.reload({ waitUntil: 'commit' });
    const homeWarm = await paintsOf(page);
    return { firstVisit, homeFirstVisit: homeFirst, cold, warm, homeCold, homeWarm };
  } finally {
    await context.close();
  }
};

/** `runs` loads of /ops/health, each drawing the charts of a `points`-bucket answer. */
const chartRuns = async (
  browser: Browser,
  store: ConsoleStore,
  points: number,
  runs: number,
): Promise<ChartsDrawn[]> => {
  const body = JSON.stringify({ code: 200, result: statsAnswer(points) });
  const context = await newContext(browser, store);
  try {
    const page = await context.newPage();
    await page.goto('/ops/', { waitUntil: 'commit' });
    await logIn(page, store);
    await firstRowsMs(page);
    await page.route('**/api/ops/stats?*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    const samples: ChartsDrawn[] = [];
    // The first load is not counted: it fetches and compiles the Health page's chunk and uPlot.
    for (let i = 0; i <= runs; i += 1) {
      await page.goto('/ops/health', { waitUntil: 'commit' });
      const drawn = await chartsDrawnMs(page);
      if (i > 0) samples.push(drawn);
    }
    return samples;
  } finally {
    await context.close();
  }
};

const p = (samples: readonly number[]) => percentiles(samples);
const cell = (samples: readonly number[]): string => `${fmt(p(samples).p50)} / ${fmt(p(samples).p95)}`;
const ratio = (samples: readonly number[], base: readonly number[]): string => `${fmt(p(samples).p50 / p(base).p50)}x`;

const report = (runs: Run[], chart: ChartsDrawn[], chartBase: ChartsDrawn[], store: ConsoleStore): void => {
  const pick = <T>(f: (r: Run) => T): T[] => runs.map(f);
  const loads: [string, Paints[], number[], Paints[]][] = [
    ['first visit (empty profile): the login form', pick((r) => r.firstVisit), [], pick((r) => r.homeFirstVisit)],
    ['cold (logged in, HTTP cache emptied)', pick((r) => r.cold), pick((r) => r.cold.rows), pick((r) => r.homeCold)],
    ['warm (logged in, reload)', pick((r) => r.warm), pick((r) => r.warm.rows), pick((r) => r.homeWarm)],
  ];
  console.log(`\nthe console /ops/ in Chromium, ms from navigation start, p50 / p95 of ${runs.length} runs:`);
  console.log(
    table(
      [
        'load',
        'first paint',
        'first contentful paint',
        "command log's first rows",
        'home page FP, same load (baseline)',
        'console FP / home FP (p50)',
      ],
      loads.map(([what, paints, rows, home]) => [
        what,
        cell(paints.map((x) => x.fp)),
        cell(paints.map((x) => x.fcp)),
        rows.length > 0 ? cell(rows) : '-',
        cell(home.map((x) => x.fp)),
        ratio(
          paints.map((x) => x.fp),
          home.map((x) => x.fp),
        ),
      ]),
    ),
  );
  console.log(
    `\nthe Health page's ${CHARTS_DRAWN} charts (${LINES_DRAWN} lines), ms from the stats answer's last byte, ` +
      `p50 / p95 of ${chart.length} loads:`,
  );
  const part = (samples: ChartsDrawn[], key: keyof ChartsDrawn) => samples.map((x) => x[key]);
  const chartRow = (points: number, samples: ChartsDrawn[]): string[] => [
    points.toLocaleString('en-US'),
    cell(part(samples, 'setUp')),
    cell(part(samples, 'drawn')),
    cell(part(samples, 'total')),
    ratio(part(samples, 'total'), part(chartBase, 'total')),
  ];
  console.log(
    table(
      [
        'points a line',
        'answer to charts in the page',
        'then drawn (uPlot, the frame)',
        'total',
        `total vs ${BASE_POINTS.toLocaleString('en-US')} points (p50)`,
      ],
      [chartRow(POINTS, chart), chartRow(BASE_POINTS, chartBase)],
    ),
  );
  console.log(
    `note: store ${store.kind} with ${COMMANDS.toLocaleString('en-US')} commands; loopback, no throttling; ` +
      `service workers blocked; the charts' answer stood in for by the bench (the server sends at most 2000 ` +
      `buckets); "then drawn" waits for two animation frames (at 60 Hz, 17 to 33 ms of it is that wait); load average at the end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}${SHORT ? '; short mode: the figures mean nothing' : ''}`,
  );
  const p50 = (samples: number[]) => Math.round(p(samples).p50);
  console.log(
    `bench:ops browser runs=${runs.length} first_visit_fcp_p50_ms=${p50(pick((r) => r.firstVisit.fcp))} ` +
      `cold_fcp_p50_ms=${p50(pick((r) => r.cold.fcp))} cold_rows_p50_ms=${p50(pick((r) => r.cold.rows))} ` +
      `warm_fcp_p50_ms=${p50(pick((r) => r.warm.fcp))} warm_rows_p50_ms=${p50(pick((r) => r.warm.rows))} ` +
      `home_cold_fp_p50_ms=${p50(pick((r) => r.homeCold.fp))} chart_points=${POINTS} ` +
      `chart_p50_ms=${p50(part(chart, 'total'))} chart_${BASE_POINTS}_p50_ms=${p50(part(chartBase, 'total'))}`,
  );
};

const main = async (): Promise<void> => {
  const dist = process.env.BENCH_OPS_DIST ?? join(tmpdir(), 'dist-ops');
  if (process.env.BENCH_OPS_DIST) log(`serving the build in ${dist} as it is`);
  else {
    log(`building the client into ${dist}`);
    await buildClient(dist);
  }
  log(`starting the store with ${COMMANDS.toLocaleString('en-US')} commands`);
  const store = await startConsoleStore(dist, COMMANDS);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // One run first, not counted: Chromium's own start-up costs (its caches, the first renderer) are no page's.
    if (!SHORT) await oneRun(browser, store);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(await oneRun(browser, store));
      log(`console loads: run ${i + 1} of ${RUNS}`);
    }
    log(
      `charts: ${POINTS.toLocaleString('en-US')} and ${BASE_POINTS.toLocaleString('en-US')} points, ${RUNS} loads each`,
    );
    const chart = await chartRuns(browser, store, POINTS, RUNS);
    const chartBase = await chartRuns(browser, store, BASE_POINTS, RUNS);
    report(runs, chart, chartBase, store);
  } finally {
    await browser.close();
    await store.close();
  }
};

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error('bench:ops browser failed:', error);
    process.exit(1);
  });
