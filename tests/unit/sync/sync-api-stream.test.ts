import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSyncApi, type StreamMessage } from '../../../client/sync/sync-api.ts';

interface Call {
  at: number;
  url: string;
  authorization: string | undefined;
}

/** A server that hands out tickets and refuses the stream `refusals` times with 503 and Retry-After: 1. */
const fakeServer = (refusals: number) => {
  const calls: Call[] = [];
  let tickets = 0;
  const started = performance.now();
  const fetch = (async (input: string | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ at: performance.now() - started, url, authorization: headers.authorization });
    if (url.endsWith('/sync/stream-ticket')) {
      tickets += 1;
      return Response.json({ result: `ticket-${tickets}`, meta: { expiresInSeconds: 30 } });
    }
    if (refusals > 0) {
      refusals -= 1;
      return new Response('{}', { status: 503, headers: { 'retry-after': '1' } });
    }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: resync\ndata: {}\n\n'));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
};

const firstResync = (messages: StreamMessage[]) =>
  new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (messages.some((m) => m.kind === 'resync')) {
        clearInterval(check);
        resolve();
      }
    }, 5);
  });

describe('the live stream on the client', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens with a fresh single-use ticket each time, the token only ever in the Authorization header', async () => {
    const server = fakeServer(0);
    const api = createSyncApi({ baseUrl: 'http://store', token: () => 'secret-token', fetch: server.fetch });
    const messages: StreamMessage[] = [];
    const subscription = api.stream().subscribe((m) => messages.push(m));
    await firstResync(messages);
    subscription.unsubscribe();

    const [ticket, stream] = server.calls;
    expect(ticket).toMatchObject({ url: 'http://store/sync/stream-ticket', authorization: 'Bearer secret-token' });
    expect(stream).toMatchObject({ url: 'http://store/sync/stream?ticket=ticket-1', authorization: undefined });
    expect(server.calls.some((c) => c.url.includes('secret-token'))).toBe(false);
  });

  it('waits as long as a 503 says (Retry-After, with jitter) before it asks again, instead of every second', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // the shortest jitter: half the server's Retry-After
    const server = fakeServer(1);
    const api = createSyncApi({
      baseUrl: 'http://store',
      token: () => 'secret-token',
      fetch: server.fetch,
      reconnectMs: 10,
    });
    const messages: StreamMessage[] = [];
    const subscription = api.stream().subscribe((m) => messages.push(m));
    await firstResync(messages);
    subscription.unsubscribe();

    const streams = server.calls.filter((c) => c.url.includes('/sync/stream?'));
    expect(streams).toHaveLength(2);
    expect(messages[0]).toEqual({ kind: 'down' });
    expect(streams[1]!.at - streams[0]!.at).toBeGreaterThanOrEqual(480);
    expect(streams[1]!.url).toContain('ticket-2');
  });
});
