import { expect, test } from '@playwright/test';
import { createAccount, logInInBrowser, submitRegister, uniqueEmail } from './account-helpers.ts';
import { severeViolations } from './severe-violations.ts';

/**
 * axe-core on the account screens at a phone's and a desktop's width, as tests/e2e/accessibility.spec.ts does for
 * the shop: no serious or critical violation of WCAG 2.1 A/AA and axe's best practices, colour contrast included.
 * The forms are checked with their errors showing, and the guard's warning on the home page.
 */
const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
];

for (const viewport of VIEWPORTS) {
  test(`account screens at ${viewport.name} width have no serious or critical axe violation`, async ({
    browser,
    request,
  }) => {
    const email = uniqueEmail(`axe-${viewport.name}`);
    await createAccount(request, { firstname: 'Радост', lastname: 'Илиева', email });
    const { baseURL } = test.info().project.use;
    const context = await browser.newContext({ baseURL, viewport: { width: viewport.width, height: viewport.height } });
    try {
      const page = await context.newPage();
      const found: Record<string, string[]> = {};

      await page.goto('/my-account');
      await expect(page.getByTestId('account-guard-warning')).toBeVisible({ timeout: 30_000 });
      found['guard warning'] = await severeViolations(page);

      await page.goto('/register');
      await submitRegister(page);
      await expect(page.getByTestId('error-email')).toBeVisible();
      found['register with errors'] = await severeViolations(page);

      await page.goto('/reset-password');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Забравена парола');
      found['reset password'] = await severeViolations(page);

      await logInInBrowser(page, email, 'Радост');
      for (const path of ['/my-account', '/my-account/shipping-details', '/my-account/invoice-details']) {
        await page.goto(path);
        await expect(page.getByTestId('account-layout')).toBeVisible({ timeout: 30_000 });
        found[path] = await severeViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, []])));
    } finally {
      await context.close();
    }
  });
}
