import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import { Executor } from '../../sync-server/executor/executor.ts';
import { HttpProblem } from '../../sync-server/http/problem.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database, Sql } from '../../sync-server/store/database.ts';
import { pushCommands } from '../../sync-server/sync/push-commands.ts';
import { createGuest, pendingCommand, type Guest } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Pushes that arrive while the store is busy are taken together, in one transaction (sync-server/sync/push-queue.ts),
 * and each is still answered as if it had been alone: its own conflicts, its own outcomes for its own streams, its
 * own refusal. Driven through pushCommands, all calls made in one turn of the event loop so they queue together;
 * the store's transactions are counted through a wrapper.
 */
describe(`pushes arriving together (${storeKind})`, () => {
  let db: Database;
  let counted: Database;
  let transactions = 0;
  let server: RunningServer;
  let inline: Executor;
  beforeAll(async () => {
    db = await openTestDatabase();
    server = await startTestServer(db, 'off');
    inline = new Executor(db);
    counted = {
      kind: db.kind,
      query: (text, params) => db.query(text, params),
      transaction: <T>(work: (tx: Sql) => Promise<T>) => {
        transactions += 1;
        return db.transaction(work);
      },
      exec: (script) => db.exec(script),
      listen: (channel, onPayload) => db.listen(channel, onPayload),
      close: () => db.close(),
    };
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const push = (guest: Guest, docs: CommandDocument[]) =>
    pushCommands(
      counted,
      { owner: guest.owner, kind: 'guest' },
      { rows: docs.map((d) => ({ newDocumentState: d })) },
      inline,
    );
  const guests = (n: number) => Promise.all(Array.from({ length: n }, () => createGuest(server.url)));

  it('share a transaction, and each push gets its own outcomes, for its own owner', async () => {
    const shoppers = await guests(12);
    transactions = 0;
    const results = await Promise.all(
      shoppers.map((g) =>
        push(g, [
          g.command('cart.addItem', { sku: 'APP3', qty: 1 }),
          g.command('cart.addItem', { sku: 'APP3', qty: 2 }),
        ]),
      ),
    );

    // Submitted in one turn of the event loop: one group, one transaction.
    expect(transactions).toBe(1);
    for (const [i, result] of results.entries()) {
      const guest = shoppers[i]!;
      expect(result.leftPending).toBe(false);
      expect(result.response.conflicts).toEqual([]);
      const outcomes = result.changes.find((c) => c.collection === 'outcomes')!;
      expect(outcomes.owner).toBe(guest.owner);
      expect(outcomes.documents).toEqual((await guest.pull('outcomes')).documents);
      expect(result.changes.every((c) => c.owner === guest.owner)).toBe(true);
      expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([3]);
    }
  });

  it('pushes read one after another in a turn of the loop, as requests are, share a transaction', async () => {
    // Each push in a callback of its own, the microtasks run between them, as the loop runs the handlers of the
    // requests it read in one poll. Before groups waited for the end of the turn, the first push took the free store
    // at once, and on PGlite ran to its COMMIT before the next callback: every push alone (4 transactions here).
    const shoppers = await guests(4);
    transactions = 0;
    const results = await Promise.all(
      shoppers.map(
        (g) =>
          new Promise<Awaited<ReturnType<typeof push>>>((resolve, reject) => {
            setImmediate(() => push(g, [g.command('cart.addItem', { sku: 'APP3', qty: 2 })]).then(resolve, reject));
          }),
      ),
    );
    expect(transactions).toBe(1);
    expect(results.map((r) => r.leftPending)).toEqual([false, false, false, false]);
    for (const guest of shoppers) expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([2]);
  });

  it("one push's refusal is its own: the pushes beside it are taken, nothing of it is stored", async () => {
    const [first, ...shoppers] = await guests(6);
    const reused = shoppers[2]!;
    await push(reused, [reused.command('cart.addItem', { sku: 'APP3', qty: 1 })]);
    // Seq 1 again, with another id: a client that lost its state; refused with 409 naming seq.
    const stray = pendingCommand({ owner: reused.owner, clientId: reused.clientId, seq: 1 }, 'cart.addItem', {
      sku: 'APP3',
      qty: 5,
    });
    const settle = (p: Promise<unknown>) =>
      p.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
    const [, ...results] = await Promise.all([
      settle(push(first!, [first!.command('cart.addItem', { sku: 'APP3', qty: 1 })])),
      ...shoppers.map((g) =>
        settle(g === reused ? push(g, [stray]) : push(g, [g.command('cart.addItem', { sku: 'APP3', qty: 2 })])),
      ),
    ]);

    for (const [i, result] of results.entries()) {
      const guest = shoppers[i]!;
      if (guest === reused) {
        expect('error' in result && result.error instanceof HttpProblem && result.error.status).toBe(409);
        expect((await guest.pull<CommandDocument>('commands')).documents.map((d) => d.id)).not.toContain(stray.id);
        expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([1]);
      } else {
        expect('value' in result).toBe(true);
        expect((await guest.cart())?.items.map((l) => l.qty)).toEqual([2]);
      }
    }
  });

  it('two devices of one owner pushing at once are both taken, one after the other', async () => {
    const [first, shopper] = await guests(2);
    const phone = shopper!.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const laptop = pendingCommand(
      { owner: shopper!.owner, clientId: `${shopper!.clientId}-laptop`, seq: 1 },
      'cart.addItem',
      {
        sku: 'APP3',
        qty: 4,
      },
    );
    const results = await Promise.all([
      push(first!, [first!.command('cart.addItem', { sku: 'APP3', qty: 1 })]),
      push(shopper!, [phone]),
      push(shopper!, [laptop]),
    ]);
    expect(results.map((r) => r.leftPending)).toEqual([false, false, false]);
    expect((await shopper!.cart())?.items.map((l) => l.qty)).toEqual([5]);
  });

  it('a push repeated beside others answers what was stored, and changes nothing', async () => {
    const [first, shopper, other] = await guests(3);
    const add = shopper!.command('cart.addItem', { sku: 'APP3', qty: 2 });
    await push(shopper!, [add]);
    const [, repeated] = await Promise.all([
      push(first!, [first!.command('cart.addItem', { sku: 'APP3', qty: 1 })]),
      push(shopper!, [add]),
      push(other!, [other!.command('cart.addItem', { sku: 'APP3', qty: 1 })]),
    ]);
    expect(repeated!.response.conflicts.map((c) => [c.id, c.status])).toEqual([[add.id, 'succeeded']]);
    expect(repeated!.changes).toEqual([]);
    expect((await shopper!.cart())?.items.map((l) => l.qty)).toEqual([2]);
    expect((await other!.cart())?.items.map((l) => l.qty)).toEqual([1]);
  });
});
