/** One Lighthouse run (Node API, its default mobile preset) in a fresh Debian Chromium launched by chrome-launcher. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PageScores {
  /** 0-100 per category. */
  scores: Partial<Record<Category, number>>;
  /** Titles (and display values) of the audits scoring under 0.9 in each category. */
  failing: Partial<Record<Category, string[]>>;
  /** Lighthouse's CPU benchmark of this machine at the time (higher is faster; it scales the CPU throttling). */
  benchmarkIndex: number;
}

export const runLighthouse = async (url: string): Promise<PageScores> => {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...new Set([...CHROMIUM_ARGS, '--headless'])],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // AUDIT_JSON_DIR: keep each full report (open it in the Lighthouse viewer) to see the audits' details.
    const dir = process.env.AUDIT_JSON_DIR;
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}`;
    if (dir) writeFileSync(join(dir, `${name}.json`), JSON.stringify(lhr));
    // AUDIT_TRACE_DIR: keep each run's Chromium trace (open it in DevTools' Performance panel) to see which
    // tasks make up the total blocking time.
    const traceDir = process.env.AUDIT_TRACE_DIR;
    const trace = result.artifacts.Trace as unknown;
    if (traceDir && trace) writeFileSync(join(traceDir, `${name}.trace.json`), JSON.stringify(trace));
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores: PageScores['scores'] = {};
    const failing: PageScores['failing'] = {};
    for (const c of CATEGORIES) {
      const category = lhr.categories[c];
      if (!category) continue;
      scores[c] = Math.round((category.score ?? 0) * 100);
      failing[c] = category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a !== undefined && a.score !== null && a.score < 0.9)
        .map((a) => `${a!.title}${a!.displayValue ? ` (${a!.displayValue})` : ''}`);
    }
    return { scores, failing, benchmarkIndex: lhr.environment.benchmarkIndex };
  } finally {
    chrome.kill();
  }
};
