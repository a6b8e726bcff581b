import { expect, test, type Page } from '@playwright/test';
import { AIRPODS, IPHONE, addButton, openStore } from './helpers.ts';
import { severeViolations } from './severe-violations.ts';

/**
 * axe-core on the shopper's main pages, at a phone's and a desktop's width: no serious or critical violation
 * (issue 4). The WCAG 2.1 A and AA rules plus axe's best practices; colour contrast included.
 */
const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    path: '/',
    // Settled: the first data comes from the server, and the tiles' Add buttons come alive once the local store
    // has started (the store starts after the first paint).
    ready: async (page) => {
      await expect(page.getByTestId('home-slider')).toBeVisible({ timeout: 30_000 });
      await expect(addButton(page, AIRPODS)).toBeEnabled({ timeout: 30_000 });
    },
  },
  {
    name: 'category',
    path: '/iphone',
    ready: (page) => expect(page.getByTestId('listing-tile').first()).toBeVisible({ timeout: 30_000 }),
  },
  {
    name: 'product',
    path: `/iphone-17-256-${IPHONE}`,
    // Settled: the product comes from the server before the local store has started, and Add to cart turns from
    // its disabled look to its own colours once the store is up. axe judges the settled page.
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Добави в количката' })).toBeEnabled({ timeout: 30_000 });
    },
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
      // Reduced motion: colours are judged as they are, not halfway through a button's 0.15 s fade.
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        reducedMotion: 'reduce',
      });
      try {
        const page = await context.newPage();
        await openStore(page, target.path);
        await target.ready(page);
        expect(await severeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
