import type { Page } from '@playwright/test';

/**
 * Helpers of the first-view specs (first-view, catalogue-first-view, screen-first-view): the server draws a page
 * before the app's JavaScript has run, and the app must draw the same boxes in the same places.
 */

/** Where the first element of each selector is on screen (null for one that is not there). */
export const boxes = (page: Page, selectors: readonly string[]) =>
  page.evaluate(
    (list) =>
      list.map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return box ? [box.x, box.y, box.width, box.height].map(Math.round) : null;
      }),
    [...selectors],
  );

/**
 * Holds the app's JavaScript back (a slow link) until `release` lets it through; `asked` lists each file asked
 * for meanwhile.
 */
export const holdScripts = async (page: Page): Promise<{ asked: string[]; release: () => void }> => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route('**/assets/*.js', async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { asked, release };
};
