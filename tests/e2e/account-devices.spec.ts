import { expect, test } from '@playwright/test';
import { AIRPODS, addButton, badge, openStore } from './helpers.ts';
import { logInInBrowser, registerInBrowser, uniqueEmail } from './account-helpers.ts';

test('register on one device, log in on another: a product added on one shows in the cart of the other @journey', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('devices');
  await registerInBrowser(page, { firstname: 'Никола', lastname: 'Тодоров', email });

  // Another browser: its own storage, so its own device and guest until it logs in.
  const { baseURL } = test.info().project.use;
  const otherContext = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  try {
    const other = await otherContext.newPage();
    await openStore(other);
    await logInInBrowser(other, email, 'Никола');
    await openStore(other);
    await expect(badge(other)).toHaveText('0');

    await openStore(page);
    await addButton(page, AIRPODS).click();
    await expect(badge(page)).toHaveText('1');

    await expect(badge(other)).toHaveText('1', { timeout: 30_000 });
  } finally {
    await otherContext.close();
  }
});
