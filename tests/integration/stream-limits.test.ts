import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/** Opens a live stream and waits for its first bytes (`resync`); `close` aborts it. */
const openStream = async (url: string, init: RequestInit = {}) => {
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  let first = '';
  const reader = response.ok ? response.body!.getReader() : undefined;
  if (reader) first = new TextDecoder().decode((await reader.read()).value);
  /** What the stream sends until it ends. */
  const rest = async (): Promise<string> => {
    let text = '';
    for (;;) {
      const { value, done } = await reader!.read();
      if (done) return text;
      text += new TextDecoder().decode(value);
    }
  };
  return { response, first, rest, close: () => controller.abort() };
};

const ticketFor = async (baseUrl: string, token: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/sync/stream-ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return ((await response.json()) as { result: string }).result;
};

describe(`live streams: tickets and limits (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, 'on', undefined, { MAX_STREAMS: 3, MAX_STREAMS_PER_OWNER: 2 });
  });
  afterAll(async () => {
    await server?.close();
  });
  const health = async () =>
    (await (await fetch(`${server.url}/healthz`)).json()) as {
      streams: number;
      maxStreams: number;
      streamsRefused: number;
      streamsEvicted: number;
    };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('a stream opens with a single-use ticket asked for with the bearer header, never with a token in the URL', async () => {
    const guest = await createGuest(server.url);
    const ticket = await ticketFor(server.url, guest.token);
    expect(ticket).not.toContain(guest.token);

    const stream = await openStream(`${server.url}/sync/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(stream.response.status).toBe(200);
    expect(stream.first).toContain('event: resync');

    const again = await openStream(`${server.url}/sync/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(again.response.status).toBe(401);
    expect(await again.response.json()).toMatchObject({ result: { field: 'ticket' } });
    expect((await openStream(`${server.url}/sync/stream?ticket=forged.ticket`)).response.status).toBe(401);
    expect((await openStream(`${server.url}/sync/stream?token=${guest.token}`)).response.status).toBe(401);
    expect((await fetch(`${server.url}/sync/stream-ticket`, { method: 'POST' })).status).toBe(401);
    stream.close();
    await settle();
  });

  it('answers HEAD on the stream at once instead of holding a stream open that never sends its headers', async () => {
    const guest = await createGuest(server.url);
    const head = await fetch(`${server.url}/sync/stream`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${guest.token}` },
      signal: AbortSignal.timeout(5000),
    });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET');
    expect(await health()).toMatchObject({ streams: 0 });
  });

  it('takes a token from the Authorization header only: one in the URL ends up in logs and history', async () => {
    const guest = await createGuest(server.url);
    expect((await fetch(`${server.url}/sync/outcomes/pull?after=0&token=${guest.token}`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/cart/pull?token=${guest.token}`)).status).toBe(401);
    const withHeader = await fetch(`${server.url}/sync/outcomes/pull?after=0`, {
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(withHeader.status).toBe(200);
  });

  it("closes an owner's oldest stream past its bound, so one caller cannot hold hundreds", async () => {
    const guest = await createGuest(server.url);
    const first = await openStream(`${server.url}/sync/stream?ticket=${await ticketFor(server.url, guest.token)}`);
    const second = await openStream(`${server.url}/sync/stream?ticket=${await ticketFor(server.url, guest.token)}`);
    const third = await openStream(`${server.url}/sync/stream?ticket=${await ticketFor(server.url, guest.token)}`);
    expect([first, second, third].map((s) => s.response.status)).toEqual([200, 200, 200]);
    await settle();
    const rest = await first.rest();
    expect(rest).toContain('event: closed');
    expect(await health()).toMatchObject({ streams: 2, streamsEvicted: 1 });
    second.close();
    third.close();
    await settle();
  });

  it('at MAX_STREAMS a new stream is a 503 with Retry-After, counted, and pushes are still served', async () => {
    const guests = await Promise.all([1, 2, 3, 4].map(() => createGuest(server.url)));
    const open = [];
    for (const guest of guests.slice(0, 3)) {
      open.push(await openStream(`${server.url}/sync/stream?ticket=${await ticketFor(server.url, guest.token)}`));
    }
    expect(open.map((s) => s.response.status)).toEqual([200, 200, 200]);

    const last = guests[3]!;
    const refused = await openStream(`${server.url}/sync/stream?ticket=${await ticketFor(server.url, last.token)}`);
    expect(refused.response.status).toBe(503);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    const byHeader = await openStream(`${server.url}/sync/stream`, {
      headers: { authorization: `Bearer ${last.token}` },
    });
    expect(byHeader.response.status).toBe(503);
    expect(await health()).toMatchObject({ streams: 3, maxStreams: 3, streamsRefused: 2 });

    const { conflicts } = await last.push([last.command('cart.addItem', { sku: 'APP3', qty: 1 })]);
    expect(conflicts).toEqual([]);

    open[0]!.close();
    await settle();
    const after = await openStream(`${server.url}/sync/stream?ticket=${await ticketFor(server.url, last.token)}`);
    expect(after.response.status).toBe(200);
    for (const stream of [...open, after]) stream.close();
    await settle();
  });
});
