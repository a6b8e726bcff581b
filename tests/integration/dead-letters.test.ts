import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import type { FeatureLookup } from '../../sync-server/executor/execute.ts';
import { Executor } from '../../sync-server/executor/executor.ts';
import type { ServerFeature } from '../../sync-server/features/feature.ts';
import { featureOf } from '../../sync-server/features/registered.ts';
import { createLogger } from '../../sync-server/observability/logger.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { createGuest } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';

/** A cart whose batch breaks when it holds an addItem of 7 (a deterministic bug in its persist). */
const POISON_QTY = 7;
const cart = featureOf('cart.addItem')!;
const breakingCart: ServerFeature = {
  ...cart,
  async open(tx, commands, now, documents) {
    const batch = await cart.open!(tx, commands, now, documents);
    const poisoned = commands.some((c) => c.type === 'cart.addItem' && c.payload.qty === POISON_QTY);
    return {
      ...batch,
      async persist(sql) {
        await batch.persist?.(sql);
        if (poisoned) throw new TypeError('a bug in the cart persist for ivan@example.bg');
      },
    };
  },
};
const breaking: FeatureLookup = (type) => (featureOf(type) === cart ? breakingCart : featureOf(type));

describe(`a batch that keeps failing is split until its failing command is set aside (${storeKind})`, () => {
  let db: Database;
  let server: RunningServer;
  let executor: Executor;
  const deadLetters: { id: string; batches: number }[] = [];
  const lines: string[] = [];
  beforeAll(async () => {
    db = await openTestDatabase();
    server = await startTestServer(db, 'off');
  });
  afterAll(async () => {
    await executor?.stop();
    await server.close();
    await db.close();
  });

  it('the poison command becomes a failed dead letter with its cause; its client and the others go on', async () => {
    const shopper = await createGuest(server.url);
    const others = await Promise.all([1, 2, 3].map(() => createGuest(server.url)));
    const before = shopper.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const poison = shopper.command('cart.addItem', { sku: 'APP3', qty: POISON_QTY });
    const later = [1, 2, 3].map(() => shopper.command('cart.addItem', { sku: 'APP3', qty: 2 }));
    await shopper.push([before, poison, ...later]);
    const othersCommands = others.map((g) => [g, g.command('cart.addItem', { sku: 'APP3', qty: 1 })] as const);
    for (const [guest, command] of othersCommands) await guest.push([command]);

    const sink = { write: (line: string) => lines.push(line) };
    executor = new Executor(
      db,
      {
        pollMs: 50,
        log: createLogger('info', sink as unknown as NodeJS.WritableStream),
        onDeadLetter: (d) => deadLetters.push({ id: d.command.id, batches: d.batches }),
      },
      breaking,
    );
    await executor.start();

    const settled = new Map(
      (await shopper.settled([before.id, poison.id, ...later.map((c) => c.id)])).map((c) => [c.id, c]),
    );
    expect(settled.get(poison.id)).toMatchObject({
      status: 'failed',
      resultCode: 'internal_error',
      error: { code: 'internal_error' },
    });
    for (const command of [before, ...later]) expect(settled.get(command.id)?.status).toBe('succeeded');
    expect((await shopper.cart())?.items.map((l) => [l.sku, l.qty])).toEqual([['APP3', 7]]);
    for (const [guest, command] of othersCommands) {
      expect((await guest.settled([command.id]))[0]?.status).toBe('succeeded');
    }

    // Found in a few batches: the whole, halves of 4 clients (2), halves of 5 commands (3), alone twice (2).
    expect(deadLetters).toEqual([{ id: poison.id, batches: expect.any(Number) }]);
    expect(deadLetters[0]!.batches).toBeLessThanOrEqual(8);

    // The cause is kept for the console, named, with no personal data; the device got the generic error only.
    const [row] = await db.query<{ failure: { name: string; message: string; deadLetter: boolean } }>(
      'SELECT failure FROM commands WHERE id = $1',
      [poison.id],
    );
    expect(row?.failure).toMatchObject({
      name: 'TypeError',
      message: 'a bug in the cart persist for [email]',
      deadLetter: true,
    });
    const outcome = (await shopper.pull<CommandDocument>('outcomes')).documents.find((d) => d.id === poison.id);
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'internal_error' } });
    expect(JSON.stringify(outcome)).not.toContain('TypeError');

    // Logged once, with the command id and owner; no line carries the e-mail.
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.filter((l) => l.msg === 'command set aside as a dead letter')).toEqual([
      expect.objectContaining({ commandId: poison.id, owner: shopper.owner }),
    ]);
    expect(lines.join('\n')).not.toContain('ivan@example.bg');
  });
});
