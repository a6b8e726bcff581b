/** axe-core through Playwright on one page, after its content (a product tile or the page heading) is shown. */
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the first few offending nodes. */
  targets: string[];
}

const IMPACT_ORDER = ['critical', 'serious', 'moderate', 'minor'];

export const runAxe = async (browser: Browser, url: string): Promise<AxeFinding[]> => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('main h1').first().waitFor({ timeout: 15_000 });
    // Let late content (prices, pictures, the sync indicator) settle: the live stream keeps the network busy.
    await page.waitForTimeout(1_500);
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
      }))
      .sort((a, b) => IMPACT_ORDER.indexOf(a.impact) - IMPACT_ORDER.indexOf(b.impact));
  } finally {
    await context.close();
  }
};
