import { expect, test, type Page } from '@playwright/test';
import { AIRPODS, IPHONE_PATH, identityReady, openStore, addButton, badge } from './helpers.ts';
import { cartWithAirPods, guest, guestToReview } from './checkout-helpers.ts';

/**
 * Issue 29, item 14: the page does not jump as it starts. The server's first view and the app's own render are
 * the same page, and the header's parts (the account icon, the menu's chevrons, the search box) are there in the
 * first paint: no layout shift on any route, on a phone or a desktop, from the first byte until the page settles.
 */

/** Every layout shift of the page (not caused by the shopper's input), with what moved, kept from the start. */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'gone');
      const classes = [...node.classList].slice(0, 3).join('.');
      return `${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({ value: entry.value, nodes: (entry.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

const shiftsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts);

/** The app has taken over (its sync state is drawn) and the device's store has started and pulled. */
const settle = async (page: Page) => {
  await expect(page.getByTestId('sync-state')).toBeVisible({ timeout: 30_000 });
  // The device's store starts after the page has settled (client/store/store-client-start.ts), and its first
  // pulls redraw what they bring: a few seconds cover that. (The page keeps a pull open, so it is never idle.)
  await page.waitForTimeout(4000);
};

const ROUTES = [
  '/',
  '/iphone',
  IPHONE_PATH,
  '/search=iphone',
  '/cart',
  '/login',
  '/posts',
  '/posts/sell',
  '/about-us',
  '/no-such-page-here',
];

/** Loads every route in turn in one tab (the first on a fresh device, the rest with its store filled), keeping what moved. */
const shiftsOnEveryRoute = async (page: Page) => {
  await recordShifts(page);
  const moved: Record<string, unknown> = {};
  for (const route of ROUTES) {
    await page.goto(route);
    await settle(page);
    const shifts = await shiftsOf(page);
    if (shifts.length > 0) moved[route] = shifts;
  }
  return moved;
};

for (const viewport of [
  { width: 412, height: 915 },
  { width: 1280, height: 900 },
]) {
  test.describe(`${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('no route moves as it starts, first visit or not', async ({ page }) => {
      test.setTimeout(240_000);
      expect(await shiftsOnEveryRoute(page)).toEqual({});
    });

    test('checkout does not move as it starts', async ({ page }) => {
      await openStore(page);
      await addButton(page, AIRPODS).click();
      await expect(badge(page)).toHaveText('1');
      await identityReady(page);
      await recordShifts(page);
      await page.goto('/checkout');
      await settle(page);
      expect(await shiftsOf(page)).toEqual([]);
    });
  });
}

/**
 * A change that starts waiting (a tap offline, or a command still on its way while a page starts) moves nothing in
 * a tight header: the sync state keeps its width, so the search field beside it stays put. On a phone the waiting
 * count takes the mode word's place, and the dot still says offline.
 */
for (const width of [412, 1100]) {
  test(`the sync state keeps its width when a change starts waiting, ${width} px`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 900 });
    await openStore(page);
    const pill = page.getByTestId('sync-state');
    await expect(page.getByTestId('sync-mode')).toHaveText('Онлайн', { timeout: 20_000 });
    const boxOf = () => Promise.all([pill.boundingBox(), page.locator('.search-panel__input').first().boundingBox()]);
    const [pillBefore, searchBefore] = await boxOf();
    await context.setOffline(true);
    await expect(page.getByTestId('sync-mode')).toHaveText('Офлайн');
    await addButton(page, AIRPODS).click();
    await expect(pill).toHaveAttribute('data-waiting', '1');
    await expect(page.getByTestId('sync-waiting')).toBeVisible();
    await expect(page.getByTestId('sync-waiting')).toHaveText('1 чакащ');
    const [pillAfter, searchAfter] = await boxOf();
    expect(pillAfter!.width).toBeCloseTo(pillBefore!.width, 0);
    expect(searchAfter).toEqual(searchBefore);
    await context.setOffline(false);
    await expect(page.getByTestId('sync-waiting')).toHaveText('0 чакащи', { timeout: 30_000 });
  });
}

/**
 * The phone's search field shows its whole placeholder, in both languages, at the narrowest phones the store
 * serves. Measured as text (the placeholder's font, the field's room inside its padding): an input's scrollWidth
 * does not count its placeholder in Chromium.
 */
for (const width of [360, 412]) {
  for (const language of ['bg', 'en']) {
    test(`the search placeholder is whole at ${width} px in ${language}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript((lng) => localStorage.setItem('store.language', lng), language);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('sync-state')).toBeVisible({ timeout: 30_000 });
      const room = await page.locator('.search-panel__input').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const placeholder = getComputedStyle(input, '::placeholder');
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
        const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return {
          placeholder: input.placeholder,
          text: Math.ceil(context.measureText(input.placeholder).width),
          inside,
        };
      });
      expect(room.placeholder).not.toBe('');
      expect(room.text, `"${room.placeholder}"`).toBeLessThanOrEqual(room.inside);
    });
  }
}

test('the checkout steps sit on one line on a 360 px phone', async ({ page }) => {
  await cartWithAirPods(page);
  await page.setViewportSize({ width: 360, height: 800 });
  // At the review: three steps are links back, the fourth is the current one.
  await guestToReview(page, guest('steps-line'));
  const steps = page.locator('.checkout-steps > li');
  await expect(steps).toHaveCount(4);
  await expect(steps.getByRole('button')).toHaveCount(3);
  const boxes = await steps.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON()));
  const tops = new Set(boxes.map((box: DOMRect) => Math.round(box.top)));
  expect(tops.size, JSON.stringify(boxes)).toBe(1);
  // Each step whole on the screen or reached by scrolling the row sideways, never cut by the page's edge.
  const row = await page.locator('.checkout-steps').evaluate((list) => ({
    overflowX: getComputedStyle(list).overflowX,
    scrolls: list.scrollWidth > list.clientWidth,
  }));
  if (row.scrolls) expect(row.overflowX).toBe('auto');
});

/**
 * Nothing of the page shows over or above the phone's header, at the top or scrolled: every point of the header's
 * box is the header's own (what the page paints there is under it).
 */
test('nothing pokes over the phone header, at the top or scrolled', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const overHeader: Record<string, string[]> = {};
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.getByTestId('sync-state')).toBeVisible({ timeout: 30_000 });
    for (const scrollY of [0, 400]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrollY);
      await page.waitForTimeout(300);
      const strangers = await page.evaluate(() => {
        const header = document.querySelector('.site-header')!;
        const box = header.getBoundingClientRect();
        const found = new Set<string>();
        if (box.top > 0) found.add(`the header starts ${box.top}px down`);
        for (let x = 2; x < box.width; x += 12) {
          for (let y = Math.max(box.top, 0) + 1; y < box.bottom; y += 6) {
            const hit = document.elementFromPoint(x, y);
            if (hit && !header.contains(hit)) found.add(`${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}`);
          }
        }
        return [...found];
      });
      if (strangers.length > 0) overHeader[`${route} at ${scrollY}`] = strangers;
    }
  }
  expect(overHeader).toEqual({});
});
