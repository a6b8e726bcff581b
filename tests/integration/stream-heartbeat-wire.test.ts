import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Decodes an HTTP/1.1 chunked body strictly: every chunk's size line, its bytes and its CRLF, or it throws. A ping
 * written on the socket with a wrong frame (a missing size line, a wrong size, no CRLF) makes the rest unreadable.
 */
const decodeChunked = (body: Buffer): string => {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break; // a chunk still arriving
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isInteger(size)) throw new Error(`not a chunk size at byte ${at}`);
    const end = lineEnd + 2 + size;
    if (body.length < end + 2) break;
    if (body.subarray(end, end + 2).toString('latin1') !== '\r\n') throw new Error(`chunk not ended at byte ${end}`);
    parts.push(body.subarray(lineEnd + 2, end));
    at = end + 2;
  }
  return Buffer.concat(parts).toString('utf8');
};

/**
 * The heartbeat goes on the stream's socket without the response's write (change-stream.ts, pingBytesOf): what a
 * client reads must still be one well-formed chunked body of SSE messages, the pings between the changes.
 */
describe(`the live stream's heartbeat on the wire (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, 'on', 100);
  });
  afterAll(async () => {
    await server.close();
  });

  it('pings and changes arrive as whole SSE messages in a well-formed chunked body', async () => {
    const guest = await createGuest(server.url);
    const { port } = new URL(server.url);
    const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write(
      `GET /sync/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${guest.token}\r\n\r\n`,
    );
    const body = (): string => {
      const all = Buffer.concat(received);
      const headEnd = all.indexOf('\r\n\r\n');
      return headEnd < 0 ? '' : decodeChunked(all.subarray(headEnd + 4));
    };
    const until = async (what: () => boolean): Promise<void> => {
      const deadline = Date.now() + 10_000;
      while (!what() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    try {
      await until(() => body().includes('event: resync'));
      const head = Buffer.concat(received).toString('latin1');
      expect(head).toMatch(/^HTTP\/1\.1 200/);
      expect(head.toLowerCase()).toContain('transfer-encoding: chunked');
      await until(() => body().split(': ping\n\n').length > 2);
      await guest.push([guest.command('cart.addItem', { sku: 'APP3', qty: 1, options: {} })]);
      await until(() => body().includes('event: changes') && body().split(': ping\n\n').length > 4);

      const messages = body().split('\n\n').slice(0, -1);
      expect(messages[0]).toBe('retry: 1000');
      expect(messages[1]).toBe('event: resync\ndata: {}');
      expect(messages.filter((m) => m === ': ping').length).toBeGreaterThanOrEqual(4);
      const changes = messages.filter((m) => m.startsWith('event: changes\ndata: '));
      expect(changes.length).toBeGreaterThan(0);
      for (const message of changes)
        expect(() => JSON.parse(message.slice(message.indexOf('data: ') + 6))).not.toThrow();
      // Nothing else: no message cut by a ping, no stray bytes.
      expect(messages.filter((m) => m !== ': ping' && !m.startsWith('event: ')).slice(1)).toEqual([]);
    } finally {
      socket.destroy();
    }
  });
});
