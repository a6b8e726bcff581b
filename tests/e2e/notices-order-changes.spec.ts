import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startOwnServer, stopOwnServer } from './own-server.ts';
import { v7 as uuidv7 } from 'uuid';
import { unitPriceEurOf } from '../../schema/checkout/totals.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { createAccount, logInInBrowser, PASSWORD, uniqueEmail } from './account-helpers.ts';
import { AIRPODS, openStore } from './helpers.ts';
import { severeViolations } from './severe-violations.ts';

/**
 * Issue 16: an order change the shopper did not cause (the shop confirms and ships it) made while the store's tab is
 * closed is a lasting notice when the store opens again, with a link to the order, until dismissed.
 *
 * The browser suite's store cannot make an operator (the role is only in the users table), so the operator's test
 * runs its own store in this process, on an embedded PGlite it can write to, serving the same build (E2E_DIST or
 * dist/). Issue 17's "pay now" needs the payment providers, so that test uses the suite's store (payments-stack.ts).
 */
let server: RunningServer;
let db: Database;
let api: APIRequestContext;

const tokenOf = async (email: string, api: APIRequestContext): Promise<string> => {
  const login = await api.post('/api/user/login', { data: { username: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()).result as string;
};

/** The user's phone, say: it orders AirPods (paid on delivery, or by card) and waits for the order number. */
async function orderOnAnotherDevice(
  api: APIRequestContext,
  email: string,
  paymentMethod: 'cashondelivery' | 'card' = 'cashondelivery',
): Promise<{ orderId: string; orderNumber: string }> {
  const headers = { authorization: `Bearer ${await tokenOf(email, api)}` };
  const owner = (await (await api.get('/api/user/me', { headers })).json()).result.id as string;
  const clientId = `client-e2e-${uuidv7()}`;
  let seq = 0;
  const run = async (type: string, payload: unknown) => {
    const command = { id: uuidv7(), type, payload, owner, clientId, seq: ++seq, createdAt: Date.now() };
    const push = await api.post('/sync/commands/push', {
      headers,
      data: { rows: [{ newDocumentState: { ...command, status: 'pending', serverSeq: 0 } }] },
    });
    expect(push.status()).toBe(200);
    let settled: { status: string; result?: Record<string, unknown> } | undefined;
    await expect
      .poll(async () => {
        const pulled = await (await api.get('/sync/outcomes/pull?after=0&limit=1000', { headers })).json();
        settled = (pulled.documents as { id: string; status: string }[]).find((d) => d.id === command.id);
        return settled?.status;
      })
      .toBe('succeeded');
    return settled!;
  };
  await run('cart.addItem', { sku: AIRPODS, qty: 1 });
  const carts = await (await api.get('/sync/carts/pull?after=0&limit=10', { headers })).json();
  const line = (carts.documents[0].items as { sku: string; unitPriceInclTax: number }[]).find((l) => l.sku === AIRPODS);
  const payload = placePayload(
    [{ sku: AIRPODS, qty: 1, unitPriceInclTaxEur: unitPriceEurOf(line!.unitPriceInclTax) }],
    {
      details: { ...validDetails, payment: { paymentMethod } },
    },
  );
  const placed = await run('order.place', payload);
  return { orderId: payload.orderId, orderNumber: placed.result!['orderNumber'] as string };
}

/** The shop's operator moves the order on. */
async function operatorMoves(orderNumber: string, statuses: string[]): Promise<void> {
  const email = uniqueEmail('operator');
  await createAccount(api, { firstname: 'Оператор', lastname: 'Магазин', email });
  await db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [email]);
  const headers = { authorization: `Bearer ${await tokenOf(email, api)}` };
  for (const status of statuses) {
    const moved = await api.post(`/api/operator/orders/${orderNumber}/status`, { headers, data: { status } });
    expect(moved.status()).toBe(200);
  }
}

const notices = (page: Page) => page.getByTestId('lasting-notices');

test.describe('an operator moves the order', () => {
  test.beforeAll(async () => {
    ({ db, server, api } = await startOwnServer());
  });

  test.afterAll(() => stopOwnServer({ db, server, api }));

  test('an order the shop ships while the tab is closed is told when the store opens, with a link to the order', async ({
    browser,
  }) => {
    const account = { firstname: 'Ива', lastname: 'Стоянова', email: uniqueEmail('order-notices') };
    await createAccount(api, account);
    const order = await orderOnAnotherDevice(api, account.email);

    const home = await browser.newContext({ baseURL: server.url });
    const first = await home.newPage();
    await logInInBrowser(first, account.email, account.firstname);
    await openStore(first);
    await expect(notices(first)).toHaveCount(0);
    await first.close();

    // Decided while no tab of the store is open.
    await operatorMoves(order.orderNumber, ['confirmed', 'shipped']);

    const again = await home.newPage();
    await openStore(again);
    const shipped = notices(again)
      .getByTestId('lasting-notice')
      .filter({ hasText: `Поръчка № ${order.orderNumber} е изпратена и пътува към вас.` });
    const confirmed = notices(again)
      .getByTestId('lasting-notice')
      .filter({ hasText: `Поръчка № ${order.orderNumber} е потвърдена и се подготвя за изпращане.` });
    await expect(shipped).toBeVisible();
    await expect(confirmed).toBeVisible();
    await expect(notices(again).getByRole('heading', { name: 'Магазинът ви съобщава (2)' })).toBeVisible();
    await expect(shipped.getByRole('link', { name: `Вижте поръчката № ${order.orderNumber}` })).toHaveAttribute(
      'href',
      `/my-account/orders/${order.orderId}`,
    );
    await expect(severeViolations(again)).resolves.toEqual([]);

    // Dismissed: gone, and it stays gone when the store is opened again.
    await shipped.getByRole('button', { name: /^Разбрах: Поръчка № .* е изпратена/ }).click();
    await expect(shipped).toHaveCount(0);
    await expect(confirmed).toBeVisible();
    await again.reload();
    await openStore(again);
    await expect(confirmed).toBeVisible();
    await expect(shipped).toHaveCount(0);

    // The link leads to the order's page, where the change is seen: the notice goes.
    await confirmed.getByRole('link', { name: `Вижте поръчката № ${order.orderNumber}` }).click();
    await expect(again).toHaveURL(new RegExp(`/my-account/orders/${order.orderId}$`));
    await expect(again.getByTestId('order-outcome').getByTestId('order-status')).toHaveText('Изпратена');
    await expect(notices(again)).toHaveCount(0);

    await home.close();
  });
});

test('an order paid by card made on another device asks to be paid the next time the store opens (issue 17)', async ({
  browser,
  request,
}) => {
  const account = { firstname: 'Дамян', lastname: 'Колев', email: uniqueEmail('pay-now') };
  await createAccount(request, account);
  const context = await browser.newContext();
  const first = await context.newPage();
  await logInInBrowser(first, account.email, account.firstname);
  await first.close();

  // Made while no tab of the store was open (a phone's order sent once it had a network again).
  const order = await orderOnAnotherDevice(request, account.email, 'card');

  const again = await context.newPage();
  await openStore(again);
  const payNow = notices(again)
    .getByTestId('lasting-notice')
    .filter({ hasText: `Поръчка № ${order.orderNumber} очаква плащане. Платете сега, за да не бъде анулирана.` });
  await expect(payNow).toBeVisible();
  await payNow.getByRole('link', { name: `Платете сега: поръчка № ${order.orderNumber}` }).click();
  await expect(again).toHaveURL(new RegExp(`/my-account/orders/${order.orderId}$`));
  await expect(again.getByRole('button', { name: 'Плати сега' })).toBeVisible();
  // Seen on the order's page, where "Плати сега" is: no longer a notice.
  await expect(notices(again)).toHaveCount(0);
  await context.close();
});
