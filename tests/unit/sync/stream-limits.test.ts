import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../sync-server/store/database.ts';
import { ChangeStreams } from '../../../sync-server/sync/change-stream.ts';
import { defaultMaxStreams, descriptorLimit, ThrottledLog } from '../../../sync-server/sync/stream-limits.ts';
import { StreamTickets } from '../../../sync-server/sync/stream-ticket.ts';

/** A store that only answers the stream's one read (the counter). */
const fakeDb = { query: async () => [{ value: 0 }], listen: async () => async () => {} } as unknown as Database;

/** A stream response; `cost` µs of busy work per write, as a real socket write costs (about 20 µs). */
const fakeResponse = (cost = 0) => {
  const writes: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    closed: false,
    writeHead: () => res,
    flushHeaders: () => undefined,
    write: (chunk: string) => {
      const until = performance.now() + cost / 1000;
      while (performance.now() < until);
      return writes.push(chunk) > 0;
    },
    end: () => {
      if (res.closed) return;
      res.closed = true;
      res.emit('close');
    },
  });
  return { res: res as unknown as ServerResponse & { closed: boolean }, writes };
};

describe('the descriptor limit', () => {
  it('is read from /proc/self/limits (the soft limit) and leaves a reserve for everything but streams', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'limits-'));
    const file = path.join(dir, 'limits');
    writeFileSync(
      file,
      'Limit                     Soft Limit           Hard Limit           Units\n' +
        'Max open files            20000                40000                files\n',
    );
    expect(descriptorLimit(file)).toBe(20_000);
    expect(descriptorLimit(path.join(dir, 'missing'))).toBeUndefined();
    expect(defaultMaxStreams(20_000)).toBe(19_000);
    expect(defaultMaxStreams(1024)).toBe(768);
    expect(defaultMaxStreams(100)).toBe(0);
  });

  it('logs a refusal once per interval, with how many happened, and counts them all', () => {
    const lines: string[] = [];
    const log = new ThrottledLog('refused', 60_000, (line) => lines.push(line));
    for (let i = 0; i < 1000; i++) log.count();
    expect(log.total).toBe(1000);
    expect(lines).toHaveLength(1);
  });
});

describe('live stream limits', () => {
  it('refuses a new stream with 503 and Retry-After at MAX_STREAMS, counted and logged once', async () => {
    const lines: string[] = [];
    const streams = new ChangeStreams(fakeDb, 15_000, { maxStreams: 3, log: (l) => lines.push(l) });
    const open = [fakeResponse(), fakeResponse(), fakeResponse()];
    for (const [i, { res }] of open.entries()) {
      expect(streams.refusal()).toBeUndefined();
      await streams.open(`owner-${i}`, res);
    }
    const refusal = streams.refusal();
    expect(refusal).toMatchObject({ status: 503 });
    expect(refusal!.retryAfterSeconds).toBeGreaterThan(0);
    streams.refusal();
    expect(streams.stats).toMatchObject({ streams: 3, maxStreams: 3, refused: 2 });
    expect(lines).toHaveLength(1);
    // A stream that ends frees its place.
    open[0]!.res.end();
    expect(streams.refusal()).toBeUndefined();
  });

  it('counts a stream from the moment it starts opening, so concurrent opens cannot overshoot', async () => {
    const streams = new ChangeStreams(fakeDb, 15_000, { maxStreams: 2 });
    const opening = [fakeResponse(), fakeResponse()].map(({ res }, i) => {
      expect(streams.refusal()).toBeUndefined();
      return streams.open(`owner-${i}`, res);
    });
    expect(streams.refusal()).toBeDefined();
    await Promise.all(opening);
  });

  it("closes an owner's oldest stream past the per-owner bound, saying why", async () => {
    const streams = new ChangeStreams(fakeDb, 15_000, { maxStreams: 100, maxPerOwner: 2 });
    const [a, b, c] = [fakeResponse(), fakeResponse(), fakeResponse()];
    await streams.open('guest-1', a.res);
    await streams.open('guest-1', b.res);
    await streams.open('guest-2', fakeResponse().res);
    await streams.open('guest-1', c.res);
    expect(a.res.closed).toBe(true);
    expect(a.writes.join('')).toContain('event: closed');
    expect(b.res.closed).toBe(false);
    expect(c.res.closed).toBe(false);
    expect(streams.stats).toMatchObject({ streams: 3, evicted: 1 });
  });
});

describe('opening streams', () => {
  it('a burst of opens (a reconnect storm) reads the counter once for all, not once per stream', async () => {
    let reads = 0;
    let value = 41;
    const countingDb = {
      query: async () => {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [{ value: value++ }];
      },
      listen: async () => async () => {},
    } as unknown as Database;
    const streams = new ChangeStreams(countingDb, 15_000, { maxStreams: 10_000 });
    const burst = Array.from({ length: 500 }, () => fakeResponse());
    await Promise.all(burst.map(({ res }, i) => streams.open(`owner-${i}`, res)));
    expect(reads).toBe(1);
    expect(streams.stats.streams).toBe(500);
    // A stream opened after that read has finished reads again: its start is never older than its request.
    await streams.open('owner-late', fakeResponse().res);
    expect(reads).toBe(2);
  });
});

describe('the heartbeat', () => {
  it('writes to many streams in slices, each in an event-loop turn of its own', async () => {
    // Each write notes the turn it happened in: a ticker that yields at every turn counts the turns.
    let turn = 0;
    let ticking = true;
    const tick = (): void => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    const perTurn = new Map<number, number>();
    const streams = new ChangeStreams(fakeDb, 100, { maxStreams: 100_000 });
    const responses = Array.from({ length: 5_000 }, () => fakeResponse(20));
    for (const [i, { res }] of responses.entries()) await streams.open(`owner-${i}`, res);
    for (const { res, writes } of responses) {
      writes.length = 0;
      const write = res.write.bind(res);
      res.write = ((chunk: string) => {
        perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
        return write(chunk);
      }) as typeof res.write;
    }
    await streams.start();
    setImmediate(tick);
    const deadline = Date.now() + 5_000;
    while (responses.some(({ writes }) => writes.length === 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    ticking = false;
    await streams.stop();

    expect(responses.every(({ writes }) => writes[0] === ': ping\n\n')).toBe(true);
    // 5,000 writes of 20 µs are 100 ms; a slice is at most 500 writes and 3 ms (about 150 of these).
    const largest = Math.max(...perTurn.values());
    expect(largest, `at most ${largest} writes in one turn`).toBeLessThanOrEqual(500);
    expect(perTurn.size).toBeGreaterThanOrEqual(10);
  });
});

describe('stream tickets', () => {
  it('open the stream of the owner they were issued to, once, until they expire', () => {
    let now = 1_000_000;
    const tickets = new StreamTickets('secret', () => now, 30_000);
    const { ticket } = tickets.issue({ owner: 'guest-1', kind: 'guest' });
    expect(tickets.redeem(ticket)).toEqual({ owner: 'guest-1', kind: 'guest' });
    expect(() => tickets.redeem(ticket)).toThrow(/already used/);

    const late = tickets.issue({ owner: 'guest-1', kind: 'guest' }).ticket;
    now += 30_001;
    expect(() => tickets.redeem(late)).toThrow(/expired/);
  });

  it('cannot be forged, altered or signed by another secret', () => {
    const tickets = new StreamTickets('secret');
    const { ticket } = tickets.issue({ owner: 'guest-1', kind: 'guest' });
    const [body, signature] = ticket.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ owner: 'user-2', kind: 'user', exp: Date.now() + 9e9, n: 'x' }));
    expect(() => tickets.redeem(`${forged.toString('base64url')}.${signature}`)).toThrow(/not valid/);
    expect(() => tickets.redeem(`${body}.${signature.slice(1)}x`)).toThrow(/not valid/);
    expect(() => new StreamTickets('other').redeem(ticket)).toThrow(/not valid/);
    expect(() => tickets.redeem('nonsense')).toThrow(/malformed/);
    // Another instance with the same secret takes it.
    expect(new StreamTickets('secret').redeem(ticket).owner).toBe('guest-1');
  });
});
