import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAccount, logInInBrowser, uniqueEmail } from './account-helpers.ts';
import { checkoutTotals, unitPriceEurOf } from '../../schema/checkout/totals.ts';
import { badge, openStore, syncMode } from './helpers.ts';
import { choosePayment, fillShipping, guest, guestToReview, next, placeOrder, step } from './checkout-helpers.ts';

/** The demo catalogue's MacBook Pro 14: 4 in stock (a bundle of product-options.spec.ts offers it too). */
const LAST_UNITS = 'MBP14-M4P-24-1TB';
const IN_STOCK = 4;

/** Another shopper, on another device, orders every unit of LAST_UNITS (priced `price` in leva). */
async function buyEveryUnit(browser: Browser, price: number) {
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await other.addInitScript(() => localStorage.setItem('store.debug', '1'));
  await openStore(other);
  const lines = [
    {
      lineId: LAST_UNITS,
      sku: LAST_UNITS,
      name: 'MacBook Pro 14',
      qty: IN_STOCK,
      unitPriceInclTaxEur: unitPriceEurOf(price),
      options: {},
    },
  ];
  const otherOrder = {
    orderId: crypto.randomUUID(),
    details: {
      personal: { firstName: 'Иван', lastName: 'Иванов', emailAddress: 'other@example.bg' },
      shipping: {
        firstName: 'Иван',
        lastName: 'Иванов',
        country: 'BG',
        streetAddress: 'ул. Шипка 6',
        city: 'София',
        zipCode: '1000',
        phoneNumber: '0888123456',
        shippingMethod: 'pickup',
      },
      payment: { paymentMethod: 'banktransfer' },
      termsAccepted: true,
    },
    lines,
    reviewedTotalEur: checkoutTotals({ lines, shipping: 'pickup', payment: 'banktransfer' }).grandTotalEur,
  } as const;
  /** The other device's order command, then its order's status once the server has decided. */
  const otherSends = (type: 'order.place' | 'order.cancel', until: string) =>
    other.evaluate(
      async ({ order, type, until }) => {
        const { client } = window.__store!;
        if (type === 'order.place') await client.dispatch(type, order);
        else await client.dispatch(type, { orderId: order.orderId });
        return new Promise<string>((resolve) => {
          const sub = client.orders$.subscribe((orders) => {
            const found = orders.find((o) => o.orderId === order.orderId);
            if (found?.status === until) {
              resolve(found.status);
              queueMicrotask(() => sub.unsubscribe());
            }
          });
        });
      },
      { order: otherOrder, type, until },
    );
  expect(await otherSends('order.place', 'received')).toBe('received');
  return {
    /** The suite shares one server: the other shopper cancels, and the units go back to the shop. */
    giveBack: async () => {
      expect(await otherSends('order.cancel', 'cancelled')).toBe('cancelled');
      await otherDevice.close();
    },
  };
}

/** A cart of one LAST_UNITS on the device, confirmed by the server; answers its lev unit price. */
const cartWithLastUnits = (page: Page) =>
  page.evaluate(async (sku) => {
    const { client } = window.__store!;
    await client.dispatch('cart.addItem', { sku, qty: 1 });
    return new Promise<number>((resolve) => {
      const sub = client.cart$.subscribe((cart) => {
        const line = cart.items.find((item) => item.sku === sku);
        if (line && cart.serverSeq > 0) {
          resolve(line.unitPriceInclTax);
          queueMicrotask(() => sub.unsubscribe());
        }
      });
    });
  }, LAST_UNITS);

test('an order refused because another shopper took the last units is shown with its message, never silent', async ({
  page,
  browser,
}) => {
  await page.addInitScript(() => localStorage.setItem('store.debug', '1'));
  await openStore(page);
  const price = await cartWithLastUnits(page);
  await expect(page.getByTestId('sync-waiting')).toHaveText('0 чакащи', { timeout: 30_000 });
  const shopper = guest('refused');
  await guestToReview(page, shopper);

  // Meanwhile another shopper, on another device, buys every unit.
  const other = await buyEveryUnit(browser, price);
  await placeOrder(page);
  const refused = page.getByTestId('order-refused');
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toHaveAttribute('role', 'alert');
  await expect(refused).toContainText('Поръчката не беше приета:');
  await expect(refused).toContainText(/изчерпан|не е налично/);
  await expect(page.getByTestId('order-unknown')).toHaveCount(0);

  await other.giveBack();
});

test('an order placed offline and refused on arrival stays in the history, refused, in the order’s own words', async ({
  page,
  browser,
  context,
  request,
}) => {
  const account = { firstname: 'Петър', lastname: 'Георгиев', email: uniqueEmail('offline-refused') };
  await createAccount(request, account);
  await page.addInitScript(() => localStorage.setItem('store.debug', '1'));
  await logInInBrowser(page, account.email, account.firstname);
  await openStore(page);
  const price = await cartWithLastUnits(page);
  await expect(page.getByTestId('sync-waiting')).toHaveText('0 чакащи', { timeout: 30_000 });
  await expect(badge(page)).toHaveText('1');
  await page.goto('/checkout');
  await step(page, 'personal');
  await next(page).click();
  await fillShipping(page, { firstName: account.firstname, lastName: account.lastname, email: account.email });
  await choosePayment(page, 'Наложен платеж');
  await next(page).click();

  await context.setOffline(true);
  await expect(syncMode(page)).toHaveText('Офлайн');
  const orderId = await placeOrder(page);
  // The cart without the ordered line at once, offline, as the server will leave it.
  await expect(badge(page)).toHaveText('0');

  // Meanwhile another shopper buys every unit; the order arrives when the connection is back, and is refused.
  const other = await buyEveryUnit(browser, price);
  await context.setOffline(false);
  const refused = page.getByTestId('order-refused');
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toContainText(/изчерпан и не може да бъде поръчан|не е налично/);

  // It does not vanish: the history keeps it, refused, and why, in the order's words (not the cart's).
  await page.waitForTimeout(3_000);
  await expect(refused).toBeVisible();
  await page.getByRole('link', { name: 'Моите поръчки' }).click();
  const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
  await expect(row.getByTestId('order-status')).toHaveText('Неприета');
  await expect(row.getByTestId('order-refusal')).toContainText(/изчерпан и не може да бъде поръчан|не е налично/);
  await page.waitForTimeout(3_000);
  await expect(row.getByTestId('order-status')).toHaveText('Неприета');
  const notices = page.getByTestId('lasting-notices');
  await expect(notices).toContainText(/изчерпан и не може да бъде поръчан|не е налично/, { timeout: 30_000 });
  await expect(notices).not.toContainText('количката');
  await other.giveBack();
});
