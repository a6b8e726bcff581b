import { expect, test } from '@playwright/test';
import { checkoutTotals, unitPriceEurOf } from '../../schema/checkout/totals.ts';
import { openStore } from './helpers.ts';
import { guest, guestToReview, placeOrder } from './checkout-helpers.ts';

/**
 * The demo catalogue's MacBook Pro 14: 4 in stock, and no other browser test buys or adds it (the suite shares one
 * server, so the units this test sells are gone for the tests after it).
 */
const LAST_UNITS = 'MBP14-M4P-24-1TB';
const IN_STOCK = 4;

test('an order refused because another shopper took the last units is shown with its message, never silent', async ({
  page,
  request,
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

  // Meanwhile another shopper (another client, POST /api/order) buys every unit.
  const created = await request.post('/api/cart/create');
  const token = ((await created.json()) as { result: string }).result;
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
  const other = await request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
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
    },
  });
  expect(other.status(), await other.text()).toBe(200);

  await placeOrder(page);
  const refused = page.getByTestId('order-refused');
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toHaveAttribute('role', 'alert');
  await expect(refused).toContainText('Поръчката не беше приета:');
  await expect(refused).toContainText(/изчерпан|не е налично/);
  await expect(page.getByTestId('order-unknown')).toHaveCount(0);
});
