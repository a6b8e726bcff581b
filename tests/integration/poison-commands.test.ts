import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { snapshot } from '../support/wishlist.ts';

/**
 * Strings the store cannot keep (a NUL, a lone UTF-16 surrogate): PostgreSQL and PGlite refuse them in text and
 * jsonb, so such a command once answered 500 and, a push being all or nothing, wedged its device for ever.
 */
const NUL = 'A\u0000B';
const HIGH = 'A\ud800';
const LOW = '\udc00B';

type PoisonCase = [name: string, field: string, command: (g: Guest) => CommandDocument];

const poisonPayloads: PoisonCase[] = [
  ['a NUL in the sku', 'payload.sku', (g) => g.command('cart.addItem', { sku: NUL, qty: 1 })],
  ['a lone high surrogate in the sku', 'payload.sku', (g) => g.command('cart.addItem', { sku: HIGH, qty: 1 })],
  [
    'a lone low surrogate in a line option value',
    'payload.options.cvyat',
    (g) => g.command('cart.addItem', { sku: 'APP3', qty: 1, options: { cvyat: LOW } }),
  ],
  [
    'a NUL in a line option key',
    'payload.options',
    (g) => g.command('cart.addItem', { sku: 'APP3', qty: 1, options: { [NUL]: 'x' } }),
  ],
  ['a NUL in a lineId', 'payload.lineId', (g) => g.command('cart.updateQty', { lineId: NUL, qty: 1 })],
  [
    'a lone surrogate in a wishlist snapshot',
    'payload.product.name',
    (g) => g.command('wishlist.add', { sku: 'APP3', product: { ...snapshot('APP3'), name: HIGH } }),
  ],
  [
    'a NUL in a key of an unknown payload field',
    'payload',
    (g) => g.command('cart.clear', {}, { payload: { [NUL]: 1 } }),
  ],
];

describe(`a command holding a string the store cannot keep never wedges its device (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(poisonPayloads)(
    '%s: settled as rejected naming %s, and the next command runs',
    async (_name, field, make) => {
      const guest = await createGuest(server.url);
      const poison = make(guest);
      const next = guest.command('cart.addItem', { sku: 'APP3', qty: 2 });
      const pushed = await guest.pushRaw({ rows: [poison, next].map((d) => ({ newDocumentState: d })) });
      expect(pushed.status).toBe(200);

      const settled = new Map((await guest.settled([poison.id, next.id])).map((c) => [c.id, c]));
      expect(settled.get(poison.id)).toMatchObject({
        status: 'rejected',
        resultCode: 'invalid_payload',
        error: { code: 'invalid_payload', field },
      });
      expect(settled.get(next.id)?.status).toBe('succeeded');
      expect((await guest.cart())?.items.map((l) => [l.sku, l.qty])).toEqual([['APP3', 2]]);
      // What is stored and replicated is storable: the bad characters are replaced.
      expect(JSON.stringify(settled.get(poison.id))).not.toMatch(/\\u0000|\\ud[89ab]|\\ud[c-f]/);
    },
  );

  it('a number JSON cannot hold (1e999 reads as Infinity) is refused the same way', async () => {
    const guest = await createGuest(server.url);
    const poison = guest.command('cart.addItem', { sku: 'APP3', qty: 7 });
    const next = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const body = JSON.stringify({ rows: [poison, next].map((d) => ({ newDocumentState: d })) });
    expect((await guest.pushRaw(body.replace('"qty":7', '"qty":1e999'))).status).toBe(200);
    const settled = new Map((await guest.settled([poison.id, next.id])).map((c) => [c.id, c]));
    expect(settled.get(poison.id)).toMatchObject({ status: 'rejected', error: { field: 'payload.qty' } });
    expect(settled.get(next.id)?.status).toBe('succeeded');
  });

  it('a poison command behind a gap waits like any other, then is rejected and the rest run', async () => {
    const guest = await createGuest(server.url);
    const first = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const poison = guest.command('cart.addItem', { sku: NUL, qty: 1 });
    const third = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await guest.push([poison, third]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await guest.pull<CommandDocument>('commands')).documents.map((d) => d.status)).toEqual([
      'pending',
      'pending',
    ]);

    await guest.push([first]);
    const settled = new Map((await guest.settled([first.id, poison.id, third.id])).map((c) => [c.id, c]));
    expect(settled.get(poison.id)).toMatchObject({ status: 'rejected', error: { field: 'payload.sku' } });
    expect(settled.get(first.id)?.status).toBe('succeeded');
    expect(settled.get(third.id)?.status).toBe('succeeded');
    expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([2]);
  });

  it('a repeated push of a poison command is answered with its stored state', async () => {
    const guest = await createGuest(server.url);
    const poison = guest.command('cart.addItem', { sku: NUL, qty: 1 });
    await guest.push([poison]);
    const [stored] = await guest.settled([poison.id]);
    expect((await guest.push([poison])).conflicts).toEqual([stored]);
  });

  describe('a poison envelope is a 400 naming the field, and nothing stored changes', () => {
    const envelopes: [field: string, overrides: (g: Guest) => Partial<CommandDocument>][] = [
      ['clientId', (g) => ({ clientId: `${g.clientId}\u0000` })],
      ['clientId', (g) => ({ clientId: `${g.clientId}\ud800` })],
      ['owner', (g) => ({ owner: `${g.owner}\u0000` })],
      ['type', () => ({ type: 'cart.clear\udc00' })],
    ];
    it.each(envelopes)('a bad string in %s', async (field, overrides) => {
      const guest = await createGuest(server.url);
      const good = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
      await guest.push([good]);
      await guest.settled([good.id]);
      const before = { commands: await guest.pull('commands'), cart: await guest.cart() };

      const bad = guest.command('cart.clear', {}, overrides(guest));
      const fine = guest.command('cart.clear', {});
      const response = await guest.pushRaw({ rows: [fine, bad].map((d) => ({ newDocumentState: d })) });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 400, result: { field: `rows.1.newDocumentState.${field}` } });

      expect(await guest.pull('commands')).toEqual(before.commands);
      expect(await guest.cart()).toEqual(before.cart);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
  });
});
