/**
 * What the console bench reads inside the page, so no CDP round trip is inside a figure: the paint timings
 * (first paint, first contentful paint: PerformanceObserver 'paint' entries), and, from an init script watching the
 * DOM, when the command log's first row and the Health page's charts were first on screen. "On screen" is
 * performance.now() (from the navigation's start) at the second animation frame after the element is in the page:
 * the frame that paints it has been produced by then, its canvas strokes included.
 * The store's CSP forbids string evaluation, so every wait is a function (page.waitForFunction with a function runs
 * through CDP, not eval).
 */
import type { BrowserContext, Page } from '@playwright/test';

/** The command log's rows (client/ops/commands/command-table.tsx). */
export const LOG_ROW = '[data-testid="ops-row"]';
/** The Health page's chart canvases (client/ops/health/chart.tsx: one uPlot canvas a chart). */
export const CHART_CANVAS = '.ops-chart canvas';

declare global {
  interface Window {
    __opsRowsMs?: number;
    __opsChartsMs?: number;
    __opsChartsInMs?: number;
    __opsPaints?: Record<string, number>;
  }
}

/**
 * In every page of the context, before its own scripts. `__name`: tsx compiles this file keeping function names,
 * wrapping named functions in `__name(fn, 'x')`, a helper the page does not have.
 */
export const watchConsole = async (context: BrowserContext, charts: number): Promise<void> => {
  await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await context.addInitScript(
    ({ row, canvas, count }: { row: string; canvas: string; count: number }) => {
      window.__opsPaints = {};
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__opsPaints![entry.name] = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      const afterNextPaint = (done: (ms: number) => void) =>
        requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));
      let rowSeen = false;
      let chartsSeen = false;
      const observer = new MutationObserver(() => {
        if (!rowSeen) {
          const first = document.querySelector(row);
          if (first && first.getBoundingClientRect().height > 0) {
            rowSeen = true;
            afterNextPaint((ms) => (window.__opsRowsMs = ms));
          }
        }
        if (!chartsSeen && document.querySelectorAll(canvas).length >= count) {
          chartsSeen = true;
          // This callback is a microtask queued by the first chart's insertion, ahead of uPlot's drawing (its
          // commit is a microtask queued after the insertion): the charts are set up here, not drawn yet.
          window.__opsChartsInMs = performance.now();
          afterNextPaint((ms) => (window.__opsChartsMs = ms));
        }
        if (rowSeen && chartsSeen) observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    { row: LOG_ROW, canvas: CHART_CANVAS, count: charts },
  );
};

export interface Paints {
  /** First paint and first contentful paint, ms from the navigation's start. */
  fp: number;
  fcp: number;
}

/** The page's paint timings, once its first contentful paint is in. */
export const paintsOf = async (page: Page, timeoutMs = 60_000): Promise<Paints> => {
  await page.waitForFunction(() => window.__opsPaints?.['first-contentful-paint'] !== undefined, undefined, {
    timeout: timeoutMs,
  });
  return page.evaluate(() => ({
    fp: window.__opsPaints!['first-paint'] ?? window.__opsPaints!['first-contentful-paint']!,
    fcp: window.__opsPaints!['first-contentful-paint']!,
  }));
};

/** When the command log's first row was on screen (ms from the navigation's start). */
export const firstRowsMs = async (page: Page, timeoutMs = 60_000): Promise<number> => {
  const handle = await page.waitForFunction(() => window.__opsRowsMs, undefined, { timeout: timeoutMs });
  return Number(await handle.jsonValue());
};

export interface ChartsDrawn {
  /** The stats answer's last byte to the charts in the page: JSON, the schema check, the series, React, uPlot's set-up. */
  setUp: number;
  /** From there to the frame after the charts: uPlot's drawing (its paths, the canvas strokes) and that frame. */
  drawn: number;
  /** The two together. */
  total: number;
}

/**
 * The Health page's charts on screen, from the moment their data had arrived: the stats answer's last byte
 * (Resource Timing's responseEnd of /api/ops/stats) to the frame after the charts' canvases are in the page.
 */
export const chartsDrawnMs = async (page: Page, timeoutMs = 120_000): Promise<ChartsDrawn> => {
  await page.waitForFunction(() => window.__opsChartsMs, undefined, { timeout: timeoutMs });
  return page.evaluate(() => {
    const stats = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/ops/stats'))
      .at(-1) as PerformanceResourceTiming | undefined;
    if (!stats) throw new Error('no Resource Timing entry for /api/ops/stats');
    const setUp = window.__opsChartsInMs! - stats.responseEnd;
    const total = window.__opsChartsMs! - stats.responseEnd;
    return { setUp, drawn: total - setUp, total };
  });
};
