import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandFilterSchema } from '../../schema/ops/command-filter.ts';
import type { CommandTailEvent, CommandTailGap } from '../../schema/ops/command-log.ts';
import { openCommandTail } from '../../sync-server/ops/command-tail.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ORDER_SKU } from '../support/order-world.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

type Guest = Awaited<ReturnType<typeof createGuest>>;

/** What a tail sent, in order: its `gap` and `command` events. */
type Sent = { event: 'gap'; data: CommandTailGap } | { event: 'command'; data: CommandTailEvent };

/**
 * The live tail never floods a console: a tail further behind than its bound skips to the newest commands and says
 * so (`gap`); within the bound it sends every row, in order. The tail is served here with a small bound (the
 * function's parameter), on the test server's store, so the test writes a handful of commands, not thousands.
 */
describe(`the live tail's bound on its backlog (${storeKind})`, () => {
  let server: RunningServer;
  let tails: Server;
  let tailUrl: string;
  const BOUND = 3;

  beforeAll(async () => {
    server = await startTestServer();
    const app = express();
    app.get('/tail', (req, res) => {
      const filter = commandFilterSchema.parse({ owner: req.query.owner });
      void openCommandTail(server.db, req, res, filter, { maxBacklog: BOUND });
    });
    tails = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => tails.once('listening', resolve));
    tailUrl = `http://127.0.0.1:${(tails.address() as AddressInfo).port}/tail`;
  });
  afterAll(async () => {
    tails.closeAllConnections();
    await new Promise((resolve) => tails.close(resolve));
    await server.close();
  });

  /** `count` cart commands of the guest, pushed and left to settle, so the tail sees each once. */
  const settledCommands = async (guest: Guest, count: number): Promise<string[]> => {
    const commands = Array.from({ length: count }, () => guest.command('cart.addItem', { sku: ORDER_SKU, qty: 1 }));
    await guest.push(commands);
    const deadline = Date.now() + 5_000;
    for (;;) {
      const [open] = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM commands WHERE owner = $1 AND status IN ('pending', 'processing')`,
        [guest.owner],
      );
      if (open!.n === 0) return commands.map((c) => c.id);
      if (Date.now() > deadline) throw new Error('the commands did not settle');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  /** Opens a tail of the guest's commands from `lastEventId`; `until` reads until `done` holds of what was sent. */
  const openTail = async (owner: string, lastEventId: number) => {
    const controller = new AbortController();
    const response = await fetch(`${tailUrl}?owner=${owner}`, {
      headers: { 'last-event-id': String(lastEventId) },
      signal: controller.signal,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const sent = (): Sent[] =>
      [...text.matchAll(/event: (gap|command)\ndata: (.*)\n/g)].map(
        (m) => ({ event: m[1], data: JSON.parse(m[2]!) }) as Sent,
      );
    const until = async (done: (events: Sent[]) => boolean): Promise<Sent[]> => {
      const deadline = Date.now() + 5_000;
      while (!done(sent()) && Date.now() < deadline) text += (await reader.read()).value ?? '';
      return sent();
    };
    await until(() => text.includes('event: ready'));
    return { until, close: () => controller.abort() };
  };

  const ids = (events: Sent[]): string[] => events.flatMap((e) => (e.event === 'command' ? [e.data.row.id] : []));

  it('a tail further behind than its bound gets a gap, then only the new commands, never the backlog', async () => {
    const guest = await createGuest(server.url);
    const backlog = await settledCommands(guest, BOUND + 2);
    const tail = await openTail(guest.owner, 0);
    const [newCommand] = await settledCommands(guest, 1);
    const events = await tail.until((sent) => ids(sent).includes(newCommand!));
    tail.close();

    expect(events[0]).toMatchObject({ event: 'gap', data: { skipped: BOUND + 2, more: false } });
    expect(ids(events).filter((id) => backlog.includes(id))).toEqual([]);
    expect(new Set(ids(events))).toEqual(new Set([newCommand]));
    expect(events.filter((e) => e.event === 'gap')).toHaveLength(1);
  });

  it('a tail within its bound gets every row, in commit order, and no gap', async () => {
    const guest = await createGuest(server.url);
    const [first] = await server.db.query<{ value: number }>('SELECT value FROM sync_counter WHERE id = 1');
    const written = await settledCommands(guest, BOUND);
    const tail = await openTail(guest.owner, Number(first!.value));
    const events = await tail.until((sent) => ids(sent).length >= BOUND);
    tail.close();

    expect(events.map((e) => e.event)).toEqual(['command', 'command', 'command']);
    expect(ids(events)).toEqual(written);
    const seqs = events.flatMap((e) => (e.event === 'command' ? [e.data.row.serverSeq] : []));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });
});
