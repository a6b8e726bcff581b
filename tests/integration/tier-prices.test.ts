import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { addTax } from '../../schema/catalog/tax.ts';
import type { Cart } from '../../schema/cart/cart.ts';
import type { SearchQueryInput } from '../../schema/search/query.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import { demoCatalog } from '../../sync-server/catalog/demo-catalog.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { openDevice, type Device } from '../support/node-client.ts';
import { serverWithDevices } from '../support/server-with-devices.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';
import { postJson } from '../support/post-json.ts';
import { registerLoggedInUser, TEST_PASSWORD } from '../support/users.ts';

/**
 * Customer groups and tier prices (spec: "a user's group selects its tier prices; product searches carry the group
 * id and token; prices shown and in the cart reload on login and logout"), end to end: an operator puts a user
 * into the business group; the user's cart, optimistic and on the server, charges the business prices; searches
 * with the user's token sort and filter by them, and a search that only claims the group does not get them.
 */
const BUSINESS = 2;
// iPhone 17 256 GB: 1 899 лв.; business 5% off, 8% off from 5 units (the generator's tiers, net like `price`).
const IPHONE = 'IP17-256-BLK';
// iPhone 17 Pro Max: 3 099 лв., but 1 200 лв. for business customers: a group price that reorders the listing.
const PRO_MAX = 'IP17PM-512-ORG';
const IPHONES_CATEGORY = 6;

const withTiers = (product: CatalogProduct): CatalogProduct => {
  if (product.sku === IPHONE) {
    return {
      ...product,
      tier_prices: [
        { customer_group_id: BUSINESS, qty: 1, value: Math.round(product.price * 0.95) },
        { customer_group_id: BUSINESS, qty: 5, value: Math.round(product.price * 0.92) },
      ],
    };
  }
  if (product.sku === PRO_MAX)
    return { ...product, tier_prices: [{ customer_group_id: BUSINESS, qty: 1, value: 100_000 }] };
  return product;
};
const catalogue = demoCatalog();
const tiered = { ...catalogue, products: catalogue.products.map(withTiers) };
const iphone = tiered.products.find((p) => p.sku === IPHONE)!;
const BUSINESS_ONE = addTax(iphone.tier_prices[0]!.value, 20);
const BUSINESS_FIVE = addTax(iphone.tier_prices[1]!.value, 20);
const NORMAL = iphone.priceInclTax;

describe(`customer groups and tier prices (${storeKind})`, () => {
  let db: Database;
  const test = serverWithDevices(
    async () => {
      db = await openTestDatabase();
      // The catalogue with tiers is in the store before the server starts: it seeds nothing and indexes this one.
      await writeCatalog(db, tiered);
      return startTestServer(db);
    },
    () => db.close(),
  );

  const post = (path: string, body: unknown, token?: string) => postJson(test.server.url, path, body, token);

  const newUser = () => registerLoggedInUser(test.server.url, 'tiers');

  /** An operator: a user whose role the shop set in the database (there is no call that makes operators). */
  const newOperator = async () => {
    const operator = await newUser();
    await db.query(`UPDATE users SET role = 'admin' WHERE owner = $1`, [operator.owner]);
    return operator;
  };

  const setGroup = (operatorToken: string | undefined, owner: string, body: unknown) =>
    post(`/api/operator/users/${owner}/group`, body, operatorToken);

  const device = async (): Promise<Device> => {
    const d = await test.openDevice();
    await waitFor(d.client.products$, (p) => p.some((x) => x.sku === IPHONE), `products on ${d.name}`);
    return d;
  };

  const serverCart = async (owner: string): Promise<Cart> =>
    (await db.query<{ doc: Cart }>('SELECT doc FROM carts WHERE owner = $1', [owner]))[0]!.doc;

  const search = async (query: SearchQueryInput, token?: string): Promise<string[]> => {
    const answer = await post('/api/catalog/search', query, token);
    expect(answer.status).toBe(200);
    return (answer.body.result.items as { sku: string }[]).map((item) => item.sku);
  };

  it('only an operator may move a user into a group, with a valid group', async () => {
    const customer = await newUser();
    const operator = await newOperator();
    const guest = (await post('/api/cart/create', {})).body.result as string;

    expect((await setGroup(undefined, customer.owner, { group_id: BUSINESS })).status).toBe(401);
    expect((await setGroup(guest, customer.owner, { group_id: BUSINESS })).status).toBe(403);
    expect((await setGroup(customer.token, customer.owner, { group_id: BUSINESS })).status).toBe(403);
    const badGroup = await setGroup(operator.token, customer.owner, { group_id: 'business' });
    expect(badGroup).toMatchObject({ status: 400, body: { result: { field: 'group_id' } } });
    expect((await setGroup(operator.token, 'user-nobody', { group_id: BUSINESS })).status).toBe(404);

    const moved = await setGroup(operator.token, customer.owner, { group_id: BUSINESS });
    expect(moved).toMatchObject({ status: 200, body: { result: { id: customer.owner, group_id: BUSINESS } } });
    const me = await fetch(`${test.server.url}/api/user/me`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(((await me.json()) as { result: { group_id: number } }).result.group_id).toBe(BUSINESS);
  });

  it('a business user’s cart shows and is charged the business price, and five units the five-unit price', async () => {
    const user = await newUser();
    const operator = await newOperator();
    expect((await setGroup(operator.token, user.owner, { group_id: BUSINESS })).status).toBe(200);
    const phone = await device();
    expect(await phone.client.account.login(user.email, TEST_PASSWORD)).toMatchObject({ ok: true });
    await waitFor(phone.client.cart$, (c) => c.owner === user.owner, 'the user’s cart');

    // Offline: what the shopper sees comes from the optimistic view alone.
    phone.network.setOnline(false);
    await phone.client.dispatch('cart.addItem', { sku: IPHONE, qty: 1 });
    const shown = await waitFor(phone.client.cart$, (c) => c.items.length === 1, 'the line shown at once');
    expect(shown.items[0]).toMatchObject({ qty: 1, unitPriceInclTax: BUSINESS_ONE });
    expect(BUSINESS_ONE).toBeLessThan(NORMAL);

    phone.network.setOnline(true);
    await phone.client.settled();
    expect((await serverCart(user.owner)).items).toMatchObject([
      { sku: IPHONE, qty: 1, unitPriceInclTax: BUSINESS_ONE },
    ]);

    await phone.client.dispatch('cart.addItem', { sku: IPHONE, qty: 4 });
    const five = await waitFor(phone.client.cart$, (c) => c.totals.itemCount === 5, 'five shown');
    expect(five.totals.totalInclTax).toBe(5 * BUSINESS_FIVE);
    await phone.client.settled();
    expect((await serverCart(user.owner)).items).toMatchObject([{ qty: 5, unitPriceInclTax: BUSINESS_FIVE }]);
    const settled = await waitFor(
      phone.client.cart$,
      (c) => c.serverSeq > 0 && c.totals.itemCount === 5,
      'server cart',
    );
    expect(settled.totals.totalInclTax).toBe(5 * BUSINESS_FIVE);
  });

  it('a device upgraded from a client whose products had no tiers pulls them again and shows the business price', async () => {
    const user = await newUser();
    const operator = await newOperator();
    await setGroup(operator.token, user.owner, { group_id: BUSINESS });
    const name = `upgraded-${process.pid}-${Date.now()}`;
    const before = await openDevice(test.server.url, name);
    expect(await before.client.account.login(user.email, TEST_PASSWORD)).toMatchObject({ ok: true });
    const { db } = before.client;
    await waitFor(db.products.findOne(IPHONE).$, (doc) => doc !== null, 'the iPhone on the device');
    await before.client.settled();
    // Offline, and past the lazy checkpoint save: nothing the device does now rewrites what is put in its place.
    before.network.setOnline(false);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    // What the older client left: the product as its schema knew it, and its checkpoint, named the old way.
    const stored = (await db.products.findOne(IPHONE).exec())!;
    await stored.incrementalModify((doc) => {
      const { tierPricesInclTax: _dropped, ...older } = doc;
      return older;
    });
    // The checkpoint is saved lazily (within a second of the pull).
    const saved = await waitFor(
      db.getLocal$<{ identifier: string; serverSeq: number }>('pull:products'),
      (doc) => doc !== null,
      'the products checkpoint saved',
    );
    const checkpoint = saved!.toJSON().data;
    await db.upsertLocal('pull:products', { ...checkpoint, identifier: checkpoint.identifier.replace(/@v\d+$/, '') });
    await before.client.stop();

    const after = await test.openDevice(name);
    await waitFor(
      after.client.db.products.findOne(IPHONE).$,
      (doc) => (doc?.tierPricesInclTax ?? []).length > 0,
      'the iPhone with its tiers again',
    );
    after.network.setOnline(false);
    await after.client.dispatch('cart.addItem', { sku: IPHONE, qty: 1 });
    const shown = await waitFor(after.client.cart$, (c) => c.items.some((l) => l.sku === IPHONE), 'the line shown');
    expect(shown.items.find((l) => l.sku === IPHONE)).toMatchObject({ unitPriceInclTax: BUSINESS_ONE });
  });

  it('a guest’s cart joins a business user’s at login priced for the business group', async () => {
    const user = await newUser();
    const operator = await newOperator();
    await setGroup(operator.token, user.owner, { group_id: BUSINESS });
    const laptop = await device();
    await laptop.client.dispatch('cart.addItem', { sku: IPHONE, qty: 1 });
    await laptop.client.settled();
    expect((await waitFor(laptop.client.cart$, (c) => c.items.length === 1, 'guest line')).items[0]).toMatchObject({
      unitPriceInclTax: NORMAL,
    });

    expect(await laptop.client.account.login(user.email, TEST_PASSWORD)).toMatchObject({ ok: true });
    const joined = await waitFor(
      laptop.client.cart$,
      (c) => c.owner === user.owner && c.items.length === 1,
      'the joined cart',
    );
    expect(joined.items[0]).toMatchObject({ sku: IPHONE, unitPriceInclTax: BUSINESS_ONE });
    expect((await serverCart(user.owner)).items).toMatchObject([{ unitPriceInclTax: BUSINESS_ONE }]);
  });

  it('an operator moving a user re-prices the user’s cart', async () => {
    const user = await newUser();
    const operator = await newOperator();
    const phone = await device();
    await phone.client.account.login(user.email, TEST_PASSWORD);
    await waitFor(phone.client.cart$, (c) => c.owner === user.owner, 'the user’s cart');
    await phone.client.dispatch('cart.addItem', { sku: IPHONE, qty: 1 });
    await phone.client.settled();
    expect((await serverCart(user.owner)).items).toMatchObject([{ unitPriceInclTax: NORMAL }]);

    await setGroup(operator.token, user.owner, { group_id: BUSINESS });
    expect((await serverCart(user.owner)).items).toMatchObject([{ unitPriceInclTax: BUSINESS_ONE }]);
    await waitFor(
      phone.client.cart$,
      (c) => c.items[0]?.unitPriceInclTax === BUSINESS_ONE,
      'the device shows the re-priced cart',
    );
  });

  it('a search with the user’s token sorts and filters by the group price; claiming the group without it does not', async () => {
    const user = await newUser();
    const operator = await newOperator();
    await setGroup(operator.token, user.owner, { group_id: BUSINESS });
    const guest = (await post('/api/cart/create', {})).body.result as string;
    const byPrice: SearchQueryInput = { categoryId: IPHONES_CATEGORY, sort: 'price-asc' };
    const under1500: SearchQueryInput = { categoryId: IPHONES_CATEGORY, price: { from: null, to: 150_000 } };

    // The Pro Max costs a business customer 1 200 лв.: cheapest of the iPhones, and under 1 500 лв.
    expect((await search({ ...byPrice, customerGroupId: BUSINESS }, user.token))[0]).toBe(PRO_MAX);
    expect(await search({ ...under1500, customerGroupId: BUSINESS }, user.token)).toEqual([PRO_MAX]);
    // The token decides, not the claim: the user's token without a claim gets the group prices too.
    expect(await search(under1500, user.token)).toEqual([PRO_MAX]);

    for (const token of [undefined, guest]) {
      expect((await search({ ...byPrice, customerGroupId: BUSINESS }, token))[0]).toBe(IPHONE);
      expect(await search({ ...under1500, customerGroupId: BUSINESS }, token)).toEqual([]);
    }
  });

  it('the store client sends the user’s group and token with its searches, and a guest’s without the group', async () => {
    const user = await newUser();
    const operator = await newOperator();
    await setGroup(operator.token, user.owner, { group_id: BUSINESS });
    const phone = await device();
    const cheapest = async () => {
      const answer = await phone.client.searchCatalog({ categoryId: IPHONES_CATEGORY, sort: 'price-asc' });
      expect(answer.source).toBe('server');
      return answer.items[0]?.sku;
    };
    expect(await cheapest()).toBe(IPHONE);
    await phone.client.account.login(user.email, TEST_PASSWORD);
    await waitFor(phone.client.account.user$, (u) => u?.group_id === BUSINESS, 'the business user');
    expect(await cheapest()).toBe(PRO_MAX);
    await phone.client.account.logout({ silent: true });
    expect(await cheapest()).toBe(IPHONE);
  });
});
