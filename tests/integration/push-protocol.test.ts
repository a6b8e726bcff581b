import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

describe(`push: exactly once, in order, and bad input refused (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('the same push sent twice changes nothing the second time', async () => {
    const guest = await createGuest(server.url);
    const add = guest.command('cart.addItem', { sku: 'APP3', qty: 2 });
    expect((await guest.push([add])).conflicts).toEqual([]);
    const [first] = await guest.settled([add.id]);
    const cartBefore = await guest.cart();

    const again = await guest.push([add]);
    // The repeat is answered with the stored state, which the client adopts; nothing runs again.
    expect(again.conflicts).toEqual([first]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [afterRepeat] = await guest.settled([add.id]);
    expect(afterRepeat).toEqual(first);
    expect((await guest.cart())?.items).toEqual(cartBefore?.items);
    expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([2]);
  });

  it('a gap in seq waits: nothing after it runs until the missing command arrives', async () => {
    const guest = await createGuest(server.url);
    const first = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const second = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const third = guest.command('cart.removeItem', { lineId: 'APP3', qty: 1 });
    await guest.push([third, second]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = (await guest.pull<{ id: string; status: string }>('commands')).documents;
    expect(waiting.map((d) => d.status)).toEqual(['pending', 'pending']);

    await guest.push([first]);
    const settled = await guest.settled([first.id, second.id, third.id]);
    expect(settled.every((c) => c.status === 'succeeded')).toBe(true);
    // Run in seq order: 1 + 1 - 1 = 1 unit. Out of order the remove would have been refused.
    expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([1]);
  });

  it('a business refusal is a result on the command, not an HTTP error, and later commands still run', async () => {
    const guest = await createGuest(server.url);
    const refused = guest.command('cart.addItem', { sku: 'MAGIC-KB-BG', qty: 1 });
    const fine = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    expect((await guest.pushRaw({ rows: [refused, fine].map((d) => ({ newDocumentState: d })) })).status).toBe(200);
    const [a, b] = await guest.settled([refused.id, fine.id]);
    const byId = new Map([a, b].map((c) => [c!.id, c!]));
    expect(byId.get(refused.id)).toMatchObject({ status: 'rejected', resultCode: 'out_of_stock' });
    expect(byId.get(refused.id)?.error?.message).toBe('The product is out of stock and cannot be added to the cart!');
    expect(byId.get(fine.id)?.status).toBe('succeeded');
  });

  describe('bad input gets a 4xx naming the problem, and nothing stored changes', () => {
    const expectRefusedAndUnchanged = async (
      send: (
        guest: Awaited<ReturnType<typeof createGuest>>,
      ) => Promise<{ status: number; body: Record<string, unknown> }>,
      status: number,
      mentions: string,
    ) => {
      const guest = await createGuest(server.url);
      const good = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
      await guest.push([good]);
      await guest.settled([good.id]);
      const before = { commands: await guest.pull('commands'), cart: await guest.cart() };
      const response = await send(guest);
      expect(response.status).toBe(status);
      expect(JSON.stringify(response.body)).toContain(mentions);
      expect(await guest.pull('commands')).toEqual(before.commands);
      expect(await guest.cart()).toEqual(before.cart);
      // The server keeps serving.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    };

    it('a malformed document (quantity not an integer) names the field', async () => {
      await expectRefusedAndUnchanged(
        (g) => g.pushRaw({ rows: [{ newDocumentState: g.command('cart.addItem', { sku: 'APP3', qty: 1.5 }) }] }),
        400,
        'payload.qty',
      );
    });

    it('an unknown command type names the type', async () => {
      await expectRefusedAndUnchanged(
        (g) =>
          g.pushRaw({
            rows: [{ newDocumentState: { ...g.command('cart.clear', {}), type: 'cart.explode' } }],
          }),
        400,
        'unknown command type',
      );
    });

    it("another owner's document is refused as forbidden", async () => {
      const other = await createGuest(server.url);
      await expectRefusedAndUnchanged(
        (g) => g.pushRaw({ rows: [{ newDocumentState: g.command('cart.clear', {}, { owner: other.owner }) }] }),
        403,
        'owner',
      );
    });

    it('a new command claiming a server-owned status is refused', async () => {
      await expectRefusedAndUnchanged(
        (g) => g.pushRaw({ rows: [{ newDocumentState: g.command('cart.clear', {}, { status: 'succeeded' }) }] }),
        400,
        'status',
      );
    });

    it('one bad row refuses the whole push: the good rows beside it are not stored either', async () => {
      await expectRefusedAndUnchanged(
        (g) =>
          g.pushRaw({
            rows: [
              { newDocumentState: g.command('cart.addItem', { sku: 'APP3', qty: 1 }) },
              { newDocumentState: { id: 'not-a-uuid' } },
            ],
          }),
        400,
        'rows.1',
      );
    });

    it('a body that is not JSON, or a push without a token, is refused', async () => {
      await expectRefusedAndUnchanged((g) => g.pushRaw('{"rows": [', g.token), 400, '400');
      await expectRefusedAndUnchanged((g) => g.pushRaw({ rows: [] }, 'forged-token'), 401, 'token');
    });

    it('read models are pull only', async () => {
      const guest = await createGuest(server.url);
      const response = await fetch(`${server.url}/sync/carts/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${guest.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ rows: [] }),
      });
      expect(response.status).toBe(405);
    });
  });

  it("pulls are scoped to the token's owner: another guest sees none of my commands or my cart", async () => {
    const me = await createGuest(server.url);
    const other = await createGuest(server.url);
    const add = me.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await me.push([add]);
    await me.settled([add.id]);
    const theirs = await other.pull<{ owner: string }>('commands');
    const theirCarts = await other.pull<{ owner: string }>('carts');
    expect(theirs.documents).toEqual([]);
    expect(theirCarts.documents.map((c) => c.owner)).toEqual([other.owner]);
  });
});
