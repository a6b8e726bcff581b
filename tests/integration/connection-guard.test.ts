import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { createGuest } from '../support/protocol-client.ts';
import { rawConnection, type RawConnection } from '../support/raw-connection.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';

/**
 * One host must not take the shop offline by holding connections open (issue 31): past its cap, its new
 * connections are refused with a clear answer while every other address is served, and sockets that never finish
 * a request are closed by the server. On Linux every 127.x.y.z is this host, so each address here is a caller.
 */

/** A GET from `localAddress` on a connection of its own (or the agent's): its status, body and whether it went on a kept-alive connection. */
const getFrom = (
  url: string,
  path: string,
  localAddress: string,
  agent: http.Agent | false = false,
): Promise<{ status: number; body: string; reused: boolean }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const request = http.get({ host: hostname, port: Number(port), path, localAddress, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });

const health = async (url: string) =>
  JSON.parse((await getFrom(url, '/healthz', '127.0.0.1')).body) as { connectionsRefused: number };

/** Retries `attempt` until it says yes (the server sees a close a moment after the client makes it). */
const eventually = async (attempt: () => Promise<boolean>): Promise<void> => {
  while (!(await attempt())) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe(`connections per address and half-open sockets (${storeKind})`, () => {
  let db: Database;
  /** At most 4 connections an address, 127.0.0.5 trusted as a proxy; the production headers timeout. */
  let capped: RunningServer;
  /** A headers timeout of 300 ms, a heartbeat every 100 ms. */
  let quick: RunningServer;
  const HEADERS_TIMEOUT_MS = 300;

  beforeAll(async () => {
    db = await openTestDatabase();
    capped = await startTestServer(db, 'on', undefined, { CONNECTIONS_PER_ADDRESS_MAX: 4, TRUST_PROXY: '127.0.0.5' });
    quick = await startTestServer(db, 'on', 100, { HEADERS_TIMEOUT_MS });
  });
  afterAll(async () => {
    await capped?.close();
    await quick?.close();
    await db?.close();
  });

  it('refuses an address past its cap with 429, Retry-After and Connection: close, while other addresses are served', async () => {
    const held: RawConnection[] = Array.from({ length: 4 }, () => rawConnection(capped.url, '127.0.0.2'));
    await Promise.all(held.map((c) => c.connected));
    try {
      const before = (await health(capped.url)).connectionsRefused;
      // The fifth asks for /healthz at once; all it gets is the refusal, and the server closes it.
      const fifth = rawConnection(capped.url, '127.0.0.2', 'GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n');
      const answer = await fifth.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).toMatch(/\r\nRetry-After: \d+\r\n/i);
      expect(answer).toMatch(/\r\n\r\nToo many open connections from your address: close some and try again\.\n$/);
      expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1); // its request was not served

      // Meanwhile another host, the server's own host and the trusted proxy are served.
      expect((await getFrom(capped.url, '/healthz', '127.0.0.3')).status).toBe(200);
      expect((await getFrom(capped.url, '/healthz', '127.0.0.1')).status).toBe(200);
      const throughProxy = Array.from({ length: 6 }, () => rawConnection(capped.url, '127.0.0.5'));
      await Promise.all(throughProxy.map((c) => c.connected));
      expect((await getFrom(capped.url, '/healthz', '127.0.0.5')).status).toBe(200);
      for (const c of throughProxy) c.socket.destroy();
      expect((await health(capped.url)).connectionsRefused).toBe(before + 1);
    } finally {
      for (const c of held) c.socket.destroy();
    }
    // Its connections closed, the address is served again.
    await eventually(async () => (await getFrom(capped.url, '/healthz', '127.0.0.2')).status === 200);
  });

  it('closes a socket that sends nothing, and one that stops inside its headers, with a 408', async () => {
    const silent = rawConnection(quick.url, '127.0.0.2');
    const halfway = rawConnection(quick.url, '127.0.0.2', 'GET /healthz HTTP/1.1\r\nHost: shop\r\n');
    expect(await silent.closed).toMatch(/^HTTP\/1\.1 408 /);
    expect(await halfway.closed).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000); // Node's own defaults would take 60 to 90 s

  it('keeps a live stream and an idle kept-alive connection open past the headers timeout', async () => {
    const guest = await createGuest(quick.url);
    const stream = rawConnection(
      quick.url,
      '127.0.0.4',
      `GET /sync/stream HTTP/1.1\r\nHost: shop\r\nAuthorization: Bearer ${guest.token}\r\n\r\n`,
    );
    await eventually(async () => stream.received().includes('event: resync'));
    const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await getFrom(quick.url, '/healthz', '127.0.0.4', keptAlive)).status).toBe(200);
      // A socket opened after both and closed by the headers timeout: the timeout has passed for them too.
      for (let round = 0; round < 3; round++) await rawConnection(quick.url, '127.0.0.2').closed;
      const seen = stream.received().length;
      await eventually(async () => stream.received().length > seen); // the next heartbeat arrives
      expect(stream.socket.destroyed).toBe(false);
      expect(stream.received()).toMatch(/^HTTP\/1\.1 200 /);

      // The connection kept alive since before the timeouts still carries a request.
      expect(await getFrom(quick.url, '/healthz', '127.0.0.4', keptAlive)).toMatchObject({ status: 200, reused: true });
    } finally {
      stream.socket.destroy();
      keptAlive.destroy();
    }
  }, 20_000);
});
