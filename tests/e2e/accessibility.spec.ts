import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { IPHONE, openStore } from './helpers.ts';

/**
 * axe-core on the shopper's main pages, at a phone's and a desktop's width: no serious or critical violation
 * (issue 4). The WCAG 2.1 A and AA rules plus axe's best practices; colour contrast included.
 */
const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    path: '/',
    ready: (page) => expect(page.getByTestId('home-slider')).toBeVisible({ timeout: 30_000 }),
  },
  {
    name: 'category',
    path: '/iphone',
    ready: (page) => expect(page.getByTestId('listing-tile').first()).toBeVisible({ timeout: 30_000 }),
  },
  {
    name: 'product',
    path: `/iphone-17-256-${IPHONE}`,
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 }),
  },
  {
    name: 'search results',
    path: `/search=${encodeURIComponent('iphone')}`,
    ready: (page) => expect(page.getByTestId('listing-tile').first()).toBeVisible({ timeout: 30_000 }),
  },
  {
    name: 'cart',
    path: '/cart',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 }),
  },
];

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
];

for (const viewport of VIEWPORTS) {
  for (const target of PAGES) {
    test(`${target.name} at ${viewport.name} width has no serious or critical axe violation`, async ({ browser }) => {
      // @axe-core/playwright needs a page of a context it can see into (STACK.md): not browser.newPage().
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      try {
        const page = await context.newPage();
        await openStore(page, target.path);
        await target.ready(page);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const severe = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(severe).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
