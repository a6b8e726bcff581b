import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * GET /sync/stream is answered ahead of Express (sync-server/sync/stream-endpoint.ts), so a held stream keeps none of
 * Express's objects. What a device or a browser sees must be what every other API answer gives it: the security
 * headers, the refusals' problem bodies, HSTS behind a trusted TLS proxy, and the stream never compressed.
 */

/** The headers of an answer, less those that belong to the answer's body or connection. */
const policyHeaders = (headers: Headers): Record<string, string> => {
  const own = new Set(['content-type', 'content-length', 'etag', 'date', 'connection', 'keep-alive', 'vary']);
  own.add('transfer-encoding').add('cache-control').add('x-accel-buffering').add('content-encoding');
  own.add('x-request-id'); // each answer's own (observability/http-observer.ts)
  return Object.fromEntries([...headers].filter(([name]) => !own.has(name)));
};

const open = async (url: string, headers: Record<string, string> = {}) => {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  return { response, close: () => controller.abort() };
};

const ticketFor = async (baseUrl: string, token: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/sync/stream-ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { result: string }).result;
};

describe(`the live stream's answers, served ahead of Express (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, 'off', undefined, { TRUST_PROXY: 'loopback', MAX_STREAMS: 2 });
  });
  afterAll(async () => {
    await server?.close();
  });
  const openStreams = async () =>
    ((await (await fetch(`${server.url}/healthz`)).json()) as { streams: number }).streams;
  /** Until the streams closed by the test before have left the server (a client's abort takes a moment to arrive). */
  const settle = async () => {
    for (let i = 0; i < 100 && (await openStreams()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('carries the security headers of every API answer, and is an uncompressed event stream', async () => {
    const guest = await createGuest(server.url);
    const api = await fetch(`${server.url}/healthz`);
    const stream = await open(`${server.url}/sync/stream?ticket=${await ticketFor(server.url, guest.token)}`, {
      'accept-encoding': 'gzip, br',
    });
    expect(stream.response.status).toBe(200);
    expect(policyHeaders(stream.response.headers)).toEqual(policyHeaders(api.headers));
    expect(stream.response.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; ?frame-ancestors 'none'$/,
    );
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.response.headers.get('strict-transport-security')).toBeNull();
    const first = new TextDecoder().decode((await stream.response.body!.getReader().read()).value);
    expect(first).toBe('retry: 1000\n\nevent: resync\ndata: {}\n\n');
    stream.close();
    await settle();
  });

  it('sends HSTS when a trusted proxy says the shopper came over TLS, as the other answers do', async () => {
    const guest = await createGuest(server.url);
    const forwarded = { 'x-forwarded-proto': 'https' };
    const api = await fetch(`${server.url}/healthz`, { headers: forwarded });
    const stream = await open(`${server.url}/sync/stream`, { ...forwarded, authorization: `Bearer ${guest.token}` });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('strict-transport-security')).toBe(api.headers.get('strict-transport-security'));
    expect(stream.response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    stream.close();
    await settle();
  });

  it('refuses with the problem body and the security headers: no token, a bad token, two tickets, a token in the URL', async () => {
    const guest = await createGuest(server.url);
    const cases: [string, Record<string, string>, number, string][] = [
      ['/sync/stream', {}, 401, 'token'],
      ['/sync/stream', { authorization: 'Bearer not-a-token' }, 401, 'token'],
      ['/sync/stream?ticket=a&ticket=b', {}, 400, 'ticket'],
      ['/sync/stream?ticket=', {}, 400, 'ticket'],
      ['/sync/stream?ticket=forged.ticket', {}, 401, 'ticket'],
      [`/sync/stream?token=${guest.token}`, {}, 401, 'token'],
    ];
    for (const [path, headers, status, field] of cases) {
      const response = await fetch(`${server.url}${path}`, { headers });
      expect({ path, status: response.status }).toEqual({ path, status });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(await response.json()).toMatchObject({ code: status, result: { field } });
    }
    expect(await openStreams()).toBe(0);
  });

  it('at MAX_STREAMS answers 503 with Retry-After and the security headers', async () => {
    const guests = await Promise.all([1, 2, 3].map(() => createGuest(server.url)));
    const held = [];
    for (const guest of guests.slice(0, 2)) {
      held.push(await open(`${server.url}/sync/stream`, { authorization: `Bearer ${guest.token}` }));
    }
    expect(held.map((s) => s.response.status)).toEqual([200, 200]);
    const refused = await fetch(`${server.url}/sync/stream`, {
      headers: { authorization: `Bearer ${guests[2]!.token}` },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('content-security-policy')).toMatch(/^default-src 'none'; ?frame-ancestors 'none'$/);
    expect(await refused.json()).toMatchObject({ code: 503 });
    for (const stream of held) stream.close();
    await settle();
  });

  it("the path's other spellings are still the stream, through the routes", async () => {
    const guest = await createGuest(server.url);
    const stream = await open(`${server.url}/sync/stream/`, { authorization: `Bearer ${guest.token}` });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    stream.close();
    await settle();
  });
});
