import { expect, test } from '@playwright/test';
import { checkoutTotals, unitPriceEurOf } from '../../schema/checkout/totals.ts';
import { openStore } from './helpers.ts';
import { guest, guestToReview, placeOrder } from './checkout-helpers.ts';

/** The demo catalogue's MacBook Pro 14: 4 in stock (a bundle of product-options.spec.ts offers it too). */
const LAST_UNITS = 'MBP14-M4P-24-1TB';
const IN_STOCK = 4;

test('an order refused because another shopper took the last units is shown with its message, never silent', async ({
  page,
  browser,
}) => {
  await page.addInitScript(() => localStorage.setItem('store.debug', '1'));
  await openStore(page);
  const price = await page.evaluate(async (sku) => {
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
  await expect(page.getByTestId('sync-waiting')).toHaveText('0 чакащи', { timeout: 30_000 });
  const shopper = guest('refused');
  await guestToReview(page, shopper);

  // Meanwhile another shopper, on another device, buys every unit.
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

  await placeOrder(page);
  const refused = page.getByTestId('order-refused');
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toHaveAttribute('role', 'alert');
  await expect(refused).toContainText('Поръчката не беше приета:');
  await expect(refused).toContainText(/изчерпан|не е налично/);
  await expect(page.getByTestId('order-unknown')).toHaveCount(0);

  // The suite shares one server: the other shopper cancels, and the units go back to the shop.
  expect(await otherSends('order.cancel', 'cancelled')).toBe('cancelled');
  await otherDevice.close();
});
