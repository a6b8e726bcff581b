import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { addTax } from '../../schema/catalog/tax.ts';
import type { Cart } from '../../schema/cart/cart.ts';
import type { CommandDocument } from '../../schema/index.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import { demoCatalog } from '../../sync-server/catalog/demo-catalog.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { postJson } from '../support/post-json.ts';
import { registerLoggedInUser } from '../support/users.ts';
import { pendingCommand } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';

/**
 * What the executor reads to price a cart command (CartSession.load: the cart under its lock, then the products,
 * tax rules and the owner's customer group in one statement).
 *
 * A command that waited for its cart's lock runs on what the lock holder committed: the cart, and the owner's
 * customer group with it (an operator moves a user into a group and re-prices the cart in one transaction, see
 * operator-routes.ts). Under READ COMMITTED a statement reads other rows as of its start, before its wait for a
 * row lock: a group read in the statement that takes the cart lock is the group from before the wait.
 */
const BUSINESS = 2;
const IPHONE = 'IP17-256-BLK';
/** Another product, read in the same statement (its row may come before the iPhone's). */
const OTHER = 'IP17PM-512-ORG';
const catalogue = demoCatalog();
const tiered = {
  ...catalogue,
  products: catalogue.products.map((p): CatalogProduct =>
    p.sku === IPHONE
      ? { ...p, tier_prices: [{ customer_group_id: BUSINESS, qty: 1, value: Math.round(p.price * 0.95) }] }
      : p,
  ),
};
const BUSINESS_PRICE = addTax(tiered.products.find((p) => p.sku === IPHONE)!.tier_prices[0]!.value, 20);

describe(`pricing a cart command (${storeKind})`, () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await openTestDatabase();
    await writeCatalog(db, tiered);
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  const newUser = () => registerLoggedInUser(server.url, 'pricing');
  const push = (token: string, commands: CommandDocument[]) =>
    postJson(
      server.url,
      '/sync/commands/push',
      { rows: commands.map((newDocumentState) => ({ newDocumentState })) },
      token,
    );
  const serverCart = async (owner: string): Promise<Cart> =>
    (await db.query<{ doc: Cart }>('SELECT doc FROM carts WHERE owner = $1', [owner]))[0]!.doc;

  it("charges the owner's customer group on every line of a push of several products", async () => {
    const { owner, token } = await newUser();
    await db.query('UPDATE users SET group_id = $2 WHERE owner = $1', [owner, BUSINESS]);
    const at = { owner, clientId: `client-${uuidv7()}` };
    const commands = [OTHER, IPHONE, 'APP3'].map((sku, i) =>
      pendingCommand({ ...at, seq: i + 1 }, 'cart.addItem', { sku, qty: 1 }),
    );
    expect((await push(token, commands)).status).toBe(200);
    const lines = (await serverCart(owner)).items;
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.sku === IPHONE)).toMatchObject({ unitPriceInclTax: BUSINESS_PRICE });
  });

  // On PostgreSQL the push waits for the row lock; on PGlite, for the one connection the operator's transaction
  // holds. Either way it must read the group its wait ended on.
  it('waiting for the cart lock, is priced for the group committed by its holder', async () => {
    const { owner, token } = await newUser();

    // As the operator's call does: the user's group changes, and the cart is locked to re-price it; held open.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    await db.query(
      `INSERT INTO carts (owner, doc, server_seq) VALUES ($1, jsonb_build_object('owner', $1::text, 'items',
         '[]'::jsonb, 'applied', '[]'::jsonb, 'updatedAt', 0), 0) ON CONFLICT (owner) DO NOTHING`,
      [owner],
    );
    const operator = db.transaction(async (tx) => {
      await tx.query('UPDATE users SET group_id = $2 WHERE owner = $1', [owner, BUSINESS]);
      await tx.query('SELECT owner FROM carts WHERE owner = $1 FOR UPDATE', [owner]);
      locked();
      await released;
    });
    await isLocked;

    const command = pendingCommand({ owner, clientId: `client-${uuidv7()}`, seq: 1 }, 'cart.addItem', {
      sku: IPHONE,
      qty: 1,
    });
    const pushed = push(token, [command]);
    // The push is under way and waits for the cart's lock; then the operator commits.
    let answered = false;
    void pushed.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    release();
    await operator;
    expect((await pushed).status).toBe(200);

    expect((await serverCart(owner)).items).toMatchObject([{ sku: IPHONE, qty: 1, unitPriceInclTax: BUSINESS_PRICE }]);
  });
});
