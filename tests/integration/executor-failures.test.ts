import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureLookup } from '../../sync-server/executor/execute.ts';
import { runBatch } from '../../sync-server/executor/run-batch.ts';
import type { ServerFeature } from '../../sync-server/features/feature.ts';
import { featureOf } from '../../sync-server/features/registered.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { createGuest } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';

/** The executor when a handler breaks: the broken command fails alone; nothing else is lost. */
describe(`executor failures (${storeKind})`, () => {
  let db: Database;
  let server: RunningServer;
  beforeAll(async () => {
    db = await openTestDatabase();
    // The server's own executor is off: this test drives batches by hand.
    server = await startTestServer(db, 'off');
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('a handler that throws marks only its command failed; the commands around it still run, once', async () => {
    const guest = await createGuest(server.url);
    const before = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const broken = guest.command('cart.clear', {});
    const after = guest.command('cart.addItem', { sku: 'APP3', qty: 2 });
    await guest.push([before, broken, after]);

    // The cart as registered, but with a bug in its clear.
    const cart = featureOf('cart.clear')!;
    const breakingCart: ServerFeature = {
      ...cart,
      async open(tx, commands, now, documents) {
        const batch = await cart.open!(tx, commands, now, documents);
        return {
          handle: (command) => {
            // The bug strikes after the clear has emptied the cart: what the failed command did must not last.
            if (command.type === 'cart.clear') {
              batch.handle(command);
              throw new Error('a bug in the clear handler');
            }
            return batch.handle(command);
          },
        };
      },
    };
    const breaking: FeatureLookup = (type) => (featureOf(type) === cart ? breakingCart : featureOf(type));
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(await runBatch(db, breaking, { maxClients: 10, maxCommands: 100 })).toBe(3);
    } finally {
      console.error = quiet;
    }
    expect(await runBatch(db, featureOf, { maxClients: 10, maxCommands: 100 })).toBe(0);

    const settled = await guest.settled([before.id, broken.id, after.id]);
    const status = Object.fromEntries(settled.map((c) => [c.id, c.status]));
    expect(status).toEqual({ [before.id]: 'succeeded', [broken.id]: 'failed', [after.id]: 'succeeded' });
    expect(settled.find((c) => c.id === broken.id)?.error?.code).toBe('internal_error');
    // The failed clear emptied nothing: 1 + 2.
    expect((await guest.cart())?.items.map((l) => [l.sku, l.qty])).toEqual([['APP3', 3]]);
  });

  it('a batch whose transaction fails leaves every command pending, to run once later', async () => {
    const guest = await createGuest(server.url);
    const add = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await guest.push([add]);

    // The store refuses the batch's writes (as a dropped connection or a deadlock would).
    const failing: Database = {
      ...db,
      transaction: (work) =>
        db.transaction(async (tx) => {
          await work(tx);
          throw new Error('connection lost before commit');
        }),
    };
    await expect(runBatch(failing, featureOf, { maxClients: 10, maxCommands: 100 })).rejects.toThrow('connection lost');
    const pending = (await guest.pull<{ id: string; status: string }>('commands')).documents;
    expect(pending.map((c) => c.status)).toEqual(['pending']);

    expect(await runBatch(db, featureOf, { maxClients: 10, maxCommands: 100 })).toBe(1);
    expect((await guest.cart())?.items.map((l) => [l.sku, l.qty])).toEqual([['APP3', 1]]);
  });
});
