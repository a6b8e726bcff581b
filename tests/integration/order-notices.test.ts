import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { unitPriceEurOf } from '../../schema/checkout/totals.ts';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import type { OrderChange } from '../../schema/notices/order-changes.ts';
import type { Device } from '../support/node-client.ts';
import { ORDER_SKU, setStock } from '../support/order-world.ts';
import { placePayload } from '../support/orders.ts';
import { postJson } from '../support/post-json.ts';
import { pendingCommand } from '../support/protocol-client.ts';
import { serverWithDevices } from '../support/server-with-devices.ts';
import { storeKind } from '../support/test-server.ts';
import { registerLoggedInUser, TEST_PASSWORD } from '../support/users.ts';
import { waitFor } from '../support/wait.ts';

/**
 * Issue 16: an operator's move of an order is not a command of the shopper, yet it is not lost on its way to them.
 * Made while none of the user's devices is open, it is a lasting notice on each device that opens, until one
 * acknowledges it; the shopper's own cancellation is not told back. With the real client sync core on each device.
 */
describe(`order changes as lasting notices on every device (${storeKind})`, () => {
  const test = serverWithDevices();

  /** A device of the user speaking the raw protocol: it places an order and goes away, no store of its own. */
  const rawDevice = (owner: string, token: string) => {
    const clientId = `client-${uuidv7()}`;
    let seq = 0;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const pull = async <Doc>(collection: string): Promise<Doc[]> => {
      const answer = await fetch(`${test.server.url}/sync/${collection}/pull?after=0&limit=1000`, { headers });
      return ((await answer.json()) as { documents: Doc[] }).documents;
    };
    return {
      pull,
      async run<T extends CommandType>(type: T, payload: PayloadInputOf<T>): Promise<CommandDocument> {
        const command = pendingCommand({ owner, clientId, seq: ++seq }, type, payload);
        const response = await fetch(`${test.server.url}/sync/commands/push`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ rows: [{ newDocumentState: command }] }),
        });
        expect(response.status).toBe(200);
        for (let i = 0; i < 500; i++) {
          const found = (await pull<CommandDocument>('outcomes')).find((d) => d.id === command.id);
          if (found && found.status !== 'pending' && found.status !== 'processing') return found;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error(`${command.id} not settled`);
      },
    };
  };

  const operator = async () => {
    const user = await registerLoggedInUser(test.server.url, 'notices-operator');
    await test.server.db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [user.owner]);
    return (orderNumber: string, status: string) =>
      postJson(test.server.url, `/api/operator/orders/${orderNumber}/status`, { status }, user.token);
  };

  /** The user's order of one item, at the price their cart gives them; its id and number. */
  const placeOrder = async (device: ReturnType<typeof rawDevice>) => {
    const added = await device.run('cart.addItem', { sku: ORDER_SKU, qty: 1 });
    expect(added.status).toBe('succeeded');
    const [cart] = await device.pull<{ items: { sku: string; unitPriceInclTax: number }[] }>('carts');
    const unit = unitPriceEurOf(cart!.items.find((l) => l.sku === ORDER_SKU)!.unitPriceInclTax);
    const payload = placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]);
    const placed = await device.run('order.place', payload);
    expect(placed).toMatchObject({ status: 'succeeded', result: { status: 'received' } });
    return { orderId: payload.orderId, orderNumber: placed.result!['orderNumber'] as string };
  };

  const loggedIn = async (d: Device, email: string) => {
    expect(await d.client.account.login(email, TEST_PASSWORD)).toMatchObject({ ok: true });
    await waitFor(d.client.account.user$, (u) => u?.email === email, `${email} on ${d.name}`);
  };

  const showsChanges = (d: Device, expected: string[]): Promise<OrderChange[]> =>
    waitFor(
      d.client.orderNotices$,
      (list) => list.length === expected.length && list.every((c, i) => `${c.orderNumber} ${c.change}` === expected[i]),
      `${d.name} shows [${expected.join(', ')}]`,
    );

  it('an order shipped while no device is open is told on each device that opens, until one acknowledges it', async () => {
    await setStock(test.server.db, ORDER_SKU, 50);
    const { owner, email, token } = await registerLoggedInUser(test.server.url, 'order-notices');
    const away = rawDevice(owner, token);
    const order = await placeOrder(away);
    const move = await operator();
    expect((await move(order.orderNumber, 'confirmed')).status).toBe(200);
    expect((await move(order.orderNumber, 'shipped')).status).toBe(200);

    // A device opened later hears of both moves, newest first, with the order it is about.
    const phone = await test.openDevice('phone');
    await loggedIn(phone, email);
    const told = await showsChanges(phone, [`${order.orderNumber} shipped`, `${order.orderNumber} confirmed`]);
    expect(told[0]).toMatchObject({ orderId: order.orderId, change: 'shipped' });
    const laptop = await test.openDevice('laptop');
    await loggedIn(laptop, email);
    await showsChanges(laptop, [`${order.orderNumber} shipped`, `${order.orderNumber} confirmed`]);

    // The shipment acknowledged on the phone: gone there at once, and from the laptop through the server.
    const shipped = told[0]!;
    await phone.client.dispatch('notices.acknowledge', {
      notices: [],
      orderChanges: [{ orderId: shipped.orderId, change: shipped.change, at: shipped.at }],
    });
    await showsChanges(phone, [`${order.orderNumber} confirmed`]);
    await showsChanges(laptop, [`${order.orderNumber} confirmed`]);

    // A move made while the devices are open reaches them live, as a notice too.
    expect((await move(order.orderNumber, 'delivered')).status).toBe(200);
    await showsChanges(laptop, [`${order.orderNumber} delivered`, `${order.orderNumber} confirmed`]);
  });

  it("the shopper's own cancellation is not told back to them; the shop's is", async () => {
    await setStock(test.server.db, ORDER_SKU, 50);
    const { owner, email, token } = await registerLoggedInUser(test.server.url, 'order-notices-cancel');
    const away = rawDevice(owner, token);
    const theirs = await placeOrder(away);
    const shops = await placeOrder(away);
    expect(await away.run('order.cancel', { orderId: theirs.orderId })).toMatchObject({ status: 'succeeded' });
    const move = await operator();
    expect((await move(shops.orderNumber, 'cancelled')).status).toBe(200);

    const phone = await test.openDevice('phone');
    await loggedIn(phone, email);
    await showsChanges(phone, [`${shops.orderNumber} cancelled`]);
  });
});
