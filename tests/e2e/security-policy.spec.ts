import { expect, test, type Page } from '@playwright/test';
import { AIRPODS, openStore, syncMode, tile, waitForServiceWorker } from './helpers.ts';

/**
 * Issue 15, defect 6: the store runs whole under its Content-Security-Policy (sync-server/http/security-headers.ts)
 * — the shell with its inlined stylesheet, the app's chunks, the service worker, the local store, offline mode —
 * and the browser reports no violation of it, neither in the console nor as a `securitypolicyviolation` event.
 */

/** Every violation the page reports, from the console and from the event (collected in every document). */
const watchViolations = async (page: Page): Promise<string[]> => {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (
      /Content Security Policy|Content-Security-Policy|Refused to (load|execute|apply|evaluate|connect)/i.test(text)
    ) {
      violations.push(`console: ${text}`);
    }
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
};

test('the store, its service worker and offline mode work under the policy, with no violation', async ({ page }) => {
  const violations = await watchViolations(page);

  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');

  await openStore(page);
  // The inlined stylesheet applies (its hash is in the policy): the header is laid out, not unstyled.
  const headerStyle = await page
    .getByTestId('site-header')
    .evaluate((element) => getComputedStyle(element).position + ' ' + getComputedStyle(element).display);
  expect(headerStyle).not.toBe('static inline');
  await waitForServiceWorker(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/service-worker\.js$/);
  await expect(syncMode(page)).not.toHaveText('Офлайн');

  // A shopper's intent round trip: the local store, the push and the live stream (its ticket) under the policy.
  await tile(page, AIRPODS).getByRole('button').click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');

  // Offline: the worker answers with the shell it keeps, headers and all, and the app still runs.
  await page.context().setOffline(true);
  await page.reload();
  await expect(syncMode(page)).toHaveText('Офлайн');
  await expect(tile(page, AIRPODS)).toBeVisible({ timeout: 30_000 });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Вашата количка' })).toBeVisible();
  await page.context().setOffline(false);

  // Pages of other kinds: a product, a category, an AMP page.
  await page.goto('/iphone');
  await expect(page.getByRole('heading', { level: 1, name: 'iPhone' })).toBeVisible({ timeout: 30_000 });
  const amp = await page.goto('/amp/iphone');
  expect(amp?.headers()['content-security-policy']).toContain("default-src 'none'");

  expect(violations).toEqual([]);
});
