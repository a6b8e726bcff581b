import { expect, test, type Page } from '@playwright/test';
import { syncMode, syncWaiting } from './helpers.ts';
import { cartWithAirPods, guest, guestToReview, placeOrder } from './checkout-helpers.ts';

/** The shop's setting, switched on this device (client/lib/order-settings.ts reads the override at each use). */
const setAutomatic = (page: Page, automatic: boolean) =>
  page.evaluate(
    (on) => localStorage.setItem('orders.offline_orders.automatic_transmission_enabled', String(on)),
    automatic,
  );

test('an order placed offline is shown at once as waiting to be sent and goes by itself at reconnect', async ({
  page,
  context,
}) => {
  await cartWithAirPods(page);
  await setAutomatic(page, true);
  await guestToReview(page, guest('offline-auto'));
  await context.setOffline(true);
  await expect(syncMode(page)).toHaveText('Офлайн');

  await placeOrder(page);
  await expect(page.getByTestId('order-status')).toHaveText('Чака изпращане');
  await expect(page.getByTestId('order-waiting')).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText('ще бъде даден при изпращане');

  await context.setOffline(false);
  await expect(page.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
  await expect(page.getByTestId('order-number')).toHaveText(/^BG-\d{4}-\d{6,}$/);
  await expect(syncWaiting(page)).toHaveText('0 чакащи', { timeout: 30_000 });
});

test('with automatic transmission off, an order made offline waits for the shopper: "Order waiting!", then sent', async ({
  page,
  context,
}) => {
  await cartWithAirPods(page);
  await setAutomatic(page, false);
  await guestToReview(page, guest('offline-confirm'));
  await context.setOffline(true);
  await expect(syncMode(page)).toHaveText('Офлайн');
  const orderId = await placeOrder(page);
  await expect(page.getByTestId('order-status')).toHaveText('Чака изпращане');

  // Away from the thank-you page (which would send it, as the spec says), then back online.
  await page.getByTestId('site-header').getByRole('link').first().click();
  await expect(page).not.toHaveURL(/thank-you/);
  await context.setOffline(false);
  await expect(syncMode(page)).toHaveText('Онлайн', { timeout: 30_000 });
  const waiting = page.getByTestId('notification').filter({ hasText: 'Поръчката чака!' });
  await expect(waiting).toBeVisible({ timeout: 30_000 });
  // Online, and still not sent: it waits on the device as an order, not as a command, so nothing else of the tab
  // waits behind it (the sync state counts no command waiting).
  await page.waitForTimeout(2_000);
  await expect(syncWaiting(page)).toHaveText('0 чакащи');

  await waiting
    .getByRole('link', { name: 'Натиснете тук, за да потвърдите поръчката, която направихте без връзка.' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/checkout/thank-you/${orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Приета', { timeout: 30_000 });
  await expect(syncWaiting(page)).toHaveText('0 чакащи', { timeout: 30_000 });
});

test('a price changed while the shopper was offline: the differences are shown, and the shopper confirms', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => localStorage.setItem('store.debug', '1'));
  await cartWithAirPods(page);
  await setAutomatic(page, true);
  await guestToReview(page, guest('price-change'));
  await context.setOffline(true);
  await expect(syncMode(page)).toHaveText('Офлайн');
  // The device still has the price the shopper saw before the shop changed it: one lev less than the server's now.
  // (No HTTP call changes a price, and the browser tests cannot make an operator; the device's stale price is the
  // same situation seen from the device.)
  await page.evaluate(async () => {
    const carts = window.__store!.client.db.carts;
    const doc = (await carts.find().exec())[0]!;
    const cart = doc.toMutableJSON();
    cart.items = cart.items.map((item) => ({ ...item, unitPriceInclTax: item.unitPriceInclTax - 100 }));
    await doc.incrementalModify(() => cart);
  });
  await page.getByRole('button', { name: 'Назад' }).click();
  await page.getByTestId('checkout-next').click();
  await placeOrder(page);
  await expect(page.getByTestId('order-status')).toHaveText('Чака изпращане');

  await context.setOffline(false);
  await expect(page.getByTestId('order-status')).toHaveText('Чака потвърждение', { timeout: 30_000 });
  await expect(page.getByTestId('order-differences')).toBeVisible();
  await expect(page.getByTestId('order-differences')).toContainText('€');
  await page.getByTestId('order-accept').click();
  await expect(page.getByTestId('order-status')).toHaveText(/Потвърдена|Приета/, { timeout: 30_000 });
});
