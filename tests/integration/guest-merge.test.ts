import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest, pendingCommand } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { postJson } from '../support/post-json.ts';

/**
 * Issue 5, "One cart across devices": logging in folds the device's guest cart into the user's cart once, and
 * commands the device made as a guest run on the user's cart whenever they arrive, never twice and never for
 * someone else.
 */
let server: RunningServer;
const PASSWORD = 'correct horse battery';

interface Line {
  sku: string;
  qty: number;
}

const post = (path: string, body: unknown, token?: string) => postJson(server.url, path, body, token);

let users = 0;
const register = async () => {
  const email = `merge${++users}@example.bg`;
  const created = await post('/api/user/create', {
    customer: { email, firstname: 'Мария', lastname: 'Петрова' },
    password: PASSWORD,
  });
  expect(created.status).toBe(200);
  return { email, owner: created.body.result.id as string };
};

/** Logs in; `guestToken` is the bearer the device sends (its guest cart token), if any. */
const login = async (email: string, guestToken?: string) => {
  const answer = await post('/api/user/login', { username: email, password: PASSWORD }, guestToken);
  expect(answer.status).toBe(200);
  return { token: answer.body.result as string, cartMerged: answer.body.meta.cartMerged as boolean };
};

/** A device speaking the raw protocol with whatever token it holds now. */
const device = (clientId = `device-${uuidv7()}`) => {
  let seq = 0;
  return {
    clientId,
    command<T extends CommandType>(owner: string, type: T, payload: PayloadInputOf<T>): CommandDocument {
      seq += 1;
      return pendingCommand({ owner, clientId, seq }, type, payload);
    },
  };
};

const push = (token: string, docs: CommandDocument[]) =>
  post('/sync/commands/push', { rows: docs.map((d) => ({ newDocumentState: d })) }, token);

const pull = async <Doc>(token: string, collection: string): Promise<Doc[]> => {
  const res = await fetch(`${server.url}/sync/${collection}/pull?after=0&limit=1000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { documents: Doc[] }).documents;
};

const cartLines = async (token: string): Promise<Line[]> => {
  const carts = await pull<{ items: Line[] }>(token, 'carts');
  return (carts.at(-1)?.items ?? []).map(({ sku, qty }) => ({ sku, qty }));
};

/** Waits until every command has an outcome visible to `token`, and returns them. */
const settled = async (token: string, ids: string[]): Promise<CommandDocument[]> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mine = (await pull<CommandDocument>(token, 'outcomes')).filter((d) => ids.includes(d.id));
    if (mine.length === ids.length) return mine;
    if (Date.now() > deadline) throw new Error(`not settled: ${mine.length} of ${ids.length}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe(`guest cart to user cart at login (${storeKind})`, () => {
  it('adds the guest lines to the user cart once, however often and from however many tabs it logs in', async () => {
    const user = await register();
    const laptop = device();
    const userToken = (await login(user.email)).token;
    expect((await push(userToken, [laptop.command(user.owner, 'cart.addItem', { sku: 'APP3', qty: 1 })])).status).toBe(
      200,
    );

    const phone = await createGuest(server.url);
    const add = phone.command('cart.addItem', { sku: 'APP3', qty: 2 });
    const other = phone.command('cart.addItem', { sku: 'IP17-256-BLK', qty: 1 });
    await phone.push([add, other]);
    await phone.settled([add.id, other.id]);

    // Two tabs log in at the same moment, then a reload logs in again: one merge.
    const [tabA, tabB] = await Promise.all([login(user.email, phone.token), login(user.email, phone.token)]);
    expect([tabA.cartMerged, tabB.cartMerged].sort()).toEqual([false, true]);
    expect((await login(user.email, phone.token)).cartMerged).toBe(false);

    expect(await cartLines(tabA.token)).toEqual([
      { sku: 'APP3', qty: 3 },
      { sku: 'IP17-256-BLK', qty: 1 },
    ]);
    // The guest cart is emptied: its lines live on in the user's cart only. Its token is retired (issue 15).
    const [guestCart] = await server.db.query<{ doc: { items: Line[] } }>('SELECT doc FROM carts WHERE owner = $1', [
      phone.owner,
    ]);
    expect(guestCart!.doc.items).toEqual([]);
    expect(
      (
        await fetch(`${server.url}/sync/carts/pull?after=0&limit=1`, {
          headers: { authorization: `Bearer ${phone.token}` },
        })
      ).status,
    ).toBe(401);
  });

  it("commands made offline as a guest and pushed after the login run on the user's cart, once", async () => {
    const user = await register();
    const phone = await createGuest(server.url);
    // Made offline: the server has never seen this device.
    const offline = [
      phone.command('cart.addItem', { sku: 'APP3', qty: 1 }),
      phone.command('cart.addItem', { sku: 'APP3', qty: 1 }),
    ];
    const { token } = await login(user.email, phone.token);

    const first = await push(token, offline);
    expect(first.status).toBe(200);
    const outcomes = await settled(
      token,
      offline.map((c) => c.id),
    );
    expect(outcomes.every((c) => c.status === 'succeeded' && c.owner === user.owner)).toBe(true);
    // The same push again (a lost answer): nothing runs twice.
    expect((await push(token, offline)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await cartLines(token)).toEqual([{ sku: 'APP3', qty: 2 }]);
  });

  it('a guest command waiting for a gap when the shopper logs in runs on the user cart once the gap fills', async () => {
    const user = await register();
    const phone = await createGuest(server.url);
    const first = phone.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const second = phone.command('cart.addItem', { sku: 'IP17-256-BLK', qty: 1 });
    await phone.push([second]);

    const { token } = await login(user.email, phone.token);
    expect((await push(token, [first])).status).toBe(200);
    await settled(token, [first.id, second.id]);
    expect(await cartLines(token)).toEqual([
      { sku: 'APP3', qty: 1 },
      { sku: 'IP17-256-BLK', qty: 1 },
    ]);
  });

  // Issue 15 changed this rule: the guest token used to act for the user after the login (and after the user's
  // logout and password change). Now the login retires it; the device's guest commands go with the user's token.
  it("the guest token of a device that logged in is retired: its late push is a 401, the user's token takes it", async () => {
    const user = await register();
    const phone = await createGuest(server.url);
    const before = phone.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await phone.push([before]);
    await phone.settled([before.id]);
    const { token } = await login(user.email, phone.token);

    const late = phone.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const refused = await phone.pushRaw({ rows: [{ newDocumentState: late }] });
    expect(refused.status).toBe(401);
    expect(await cartLines(token)).toEqual([{ sku: 'APP3', qty: 1 }]);
    expect((await push(token, [late])).status).toBe(200);
    await settled(token, [late.id]);
    expect(await cartLines(token)).toEqual([{ sku: 'APP3', qty: 2 }]);
  });
});

describe(`another user's session gets nothing (${storeKind})`, () => {
  it('cannot push as a guest merged into someone else, nor as that user, and reads only its own cart', async () => {
    const owner = await register();
    const stranger = await register();
    const phone = await createGuest(server.url);
    const add = phone.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await phone.push([add]);
    await phone.settled([add.id]);
    const ownerToken = (await login(owner.email, phone.token)).token;
    const strangerToken = (await login(stranger.email)).token;
    const strangerDevice = device();

    const asGuest = await push(strangerToken, [phone.command('cart.addItem', { sku: 'APP3', qty: 5 })]);
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.result.field).toBe('owner');
    const asOwner = await push(strangerToken, [
      strangerDevice.command(owner.owner, 'cart.addItem', { sku: 'APP3', qty: 5 }),
    ]);
    expect(asOwner.status).toBe(403);

    expect(await cartLines(ownerToken)).toEqual([{ sku: 'APP3', qty: 1 }]);
    expect(await cartLines(strangerToken)).toEqual([]);
    expect((await pull<CommandDocument>(strangerToken, 'outcomes')).length).toBe(0);
  });
});
