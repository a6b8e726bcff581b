import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import { serverFeatures } from '../../sync-server/features/registry.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock } from '../support/order-world.ts';
import { placePayload } from '../support/orders.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest, pendingCommand } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';
import { saving } from '../support/wishlist.ts';

/**
 * Issue 32, "See and take it": GET /api/user/me/data gives the logged-in user everything the store keeps of them,
 * as one JSON file (or a page to read). A user who used every feature finds each thing they made in it; the check of
 * the features' registrations means a new feature that keeps a shopper's data cannot be left out of the export.
 */
describe(`the shopper's data export (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, 'on');
  });
  afterAll(async () => {
    await server.close();
  });

  it("every feature that keeps a shopper's data says how it is exported", () => {
    // A read model is exported by the kernel; data in a feature's own tables needs its exportOwnerData.
    const forgotten = serverFeatures.filter(
      (f) => f.commands.length > 0 && f.readModels.length === 0 && !f.exportOwnerData,
    );
    expect(forgotten.map((f) => f.name)).toEqual([]);
  });

  it('holds everything the user made, in every feature, and nothing secret', async () => {
    const user = await registerLoggedInUser(server.url, 'export');
    const clientId = `client-${uuidv7()}`;
    let seq = 0;
    const command = <T extends CommandType>(type: T, payload: PayloadInputOf<T>): CommandDocument =>
      pendingCommand({ owner: user.owner, clientId, seq: ++seq }, type, payload);
    const push = async (docs: CommandDocument[]) => {
      const res = await postJson(
        server.url,
        '/sync/commands/push',
        { rows: docs.map((d) => ({ newDocumentState: d })) },
        user.token,
      );
      expect(res.status).toBe(200);
    };
    const settled = async (ids: string[]) => {
      for (let i = 0; i < 400; i++) {
        const rows = await server.db.query<{ status: string }>(
          "SELECT status FROM commands WHERE id = ANY($1::uuid[]) AND status <> 'pending'",
          [ids],
        );
        if (rows.length === ids.length) return rows;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('commands not settled');
    };

    await setStock(server.db, ORDER_SKU, 10);
    const unit = await guestUnitPriceEur(server.url, ORDER_SKU);
    const [category] = await server.db.query<{ slug: string }>(
      'SELECT slug FROM categories WHERE is_active ORDER BY level DESC, id LIMIT 1',
    );
    const adId = uuidv4();
    const made = [
      command('cart.addItem', { sku: ORDER_SKU, qty: 1 }),
      command('wishlist.add', saving(ORDER_SKU)),
      command('alerts.set', { sku: ORDER_SKU, notify_for_stock: true, notify_for_price: true }),
      command('order.place', placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }])),
      command('ad.save', {
        ad: {
          id: adId,
          title: 'iPhone 15 Pro в отлично състояние',
          description: 'Продавам, защото си взех нов. С кутия и зарядно.',
          category: category!.slug,
          condition: 'like-new',
          price: { kind: 'fixed', cents: 65_000 },
          city: 'София',
          photos: [],
          contact: { name: 'Петя Иванова', phone: '+359 888 123 456' },
        },
      }),
      command('review.create', {
        sku: ORDER_SKU,
        rating: 5,
        title: 'Доволен съм',
        text: 'Работи отлично, доставката беше бърза.',
        nickname: 'Петя',
      }),
      // After the order, which emptied the cart: the cart the user has now.
      command('cart.addItem', { sku: ORDER_SKU, qty: 2 }),
    ];
    await push(made);
    await settled(made.map((c) => c.id));

    const res = await fetch(`${server.url}/api/user/me/data`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="apple-store-bg-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown> & {
      profile: { email: string };
      commands: { id: string; status: string }[];
    };
    expect(data.profile.email).toBe(user.email);
    // Every command the user sent, with its outcome.
    expect(data.commands.map((c) => c.id)).toEqual(made.map((c) => c.id));
    // Every feature that keeps something of a shopper has its part.
    for (const feature of serverFeatures.filter((f) => f.readModels.length > 0 || f.exportOwnerData)) {
      expect(data, `features.${feature.name}`).toHaveProperty([`features.${feature.name}`]);
    }
    const section = (name: string) => JSON.stringify(data[`features.${name}`]);
    expect(section('cart')).toContain(ORDER_SKU);
    expect(section('wishlist')).toContain(ORDER_SKU);
    expect(section('alerts')).toContain('"notify_for_price":true');
    const orderNumber = (
      await server.db.query<{ order_number: string }>('SELECT order_number FROM orders WHERE owner = $1', [user.owner])
    )[0]!.order_number;
    expect(section('orders')).toContain(orderNumber);
    expect(section('ads')).toContain(adId);
    expect(section('messages')).toContain('Работи отлично');
    expect(JSON.stringify(data['consents'])).toContain(`stock-alert:${ORDER_SKU}`);
    // Nothing that would let someone act as the user.
    const [hash] = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE owner = $1',
      [user.owner],
    );
    expect(text).not.toContain(hash!.password_hash);
    expect(text).not.toContain(user.token);

    // The same as a page to read.
    const page = await fetch(`${server.url}/api/user/me/data?format=html&language=en`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>Your data at Apple Store BG</h1>');
    expect(html).toContain(orderNumber);
  });

  it('is for the logged-in user alone: a guest is refused, and a bad format is named', async () => {
    const guest = await createGuest(server.url);
    const asGuest = await fetch(`${server.url}/api/user/me/data`, {
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(asGuest.status).toBe(401);
    const user = await registerLoggedInUser(server.url, 'export-format');
    const bad = await fetch(`${server.url}/api/user/me/data?format=pdf`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ result: { field: 'format' } });
  });
});
