import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import express, { type Response } from 'express';

/**
 * The latency floor: a tiny Express 5 server whose POST /echo writes the posted body to every open
 * SSE stream (GET /events). Same process, same loopback and the same HTTP stack as the sync server.
 * It answers CORS (any origin, OPTIONS preflights) so pages of the store's origin can use it too.
 */
export interface EchoServer {
  url: string;
  close(): Promise<void>;
}

/** `beforeEcho`: work the server does for each message before echoing it (the floor's one-row commit: floor.ts). */
export const startEchoServer = async (beforeEcho?: () => Promise<void>): Promise<EchoServer> => {
  const app = express();
  const streams = new Set<Response>();
  // The browser bench's pages live on the store's origin: allow them to POST and to hold the stream.
  // Preflights are cached (max-age) so a sample's POST is one request, as the store's same-origin push is.
  app.use((req, res, next) => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method !== 'OPTIONS') return next();
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    res.setHeader('access-control-allow-headers', 'content-type');
    res.setHeader('access-control-max-age', '600');
    res.status(204).end();
  });
  app.use(express.json());
  app.get('/events', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': open\n\n');
    streams.add(res);
    res.on('close', () => streams.delete(res));
  });
  app.post('/echo', async (req, res) => {
    if (beforeEcho) await beforeEcho();
    const data = JSON.stringify(req.body);
    for (const stream of streams) stream.write(`event: echo\ndata: ${data}\n\n`);
    res.status(204).end();
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** POSTs `body` to the echo server (which writes it to every stream); resolves once the answer is read. */
export const postEcho = async (url: string, body: unknown): Promise<void> => {
  const response = await fetch(`${url}/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
};

export interface EchoListener {
  /** Stops reading the stream. */
  close(): Promise<void>;
}

/**
 * Holds the echo server's SSE stream (parsed with eventsource-parser) and calls `onEcho` with each echo's `n`
 * and the time it arrived, read from `now`; resolves once the stream is open.
 */
export const listenForEchoes = async (
  url: string,
  onEcho: (n: number, at: number, body: unknown) => void,
  now: () => number = () => performance.now(),
): Promise<EchoListener> => {
  const controller = new AbortController();
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => {
      const at = now();
      if (message.event !== 'echo') return;
      const body = JSON.parse(message.data) as { n: number };
      onEcho(body.n, at, body);
    },
    onComment: () => opened(),
  });
  const response = await fetch(`${url}/events`, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // aborted at the end
    }
  })();
  await open;
  return {
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};

/**
 * POST a message with fetch, time until it comes back on the SSE stream.
 * Returns one latency (ms) per sample after `warmup` unmeasured rounds.
 */
export const measureEcho = async (url: string, warmup: number, samples: number): Promise<number[]> => {
  const waiting = new Map<number, (at: number) => void>();
  const listener = await listenForEchoes(url, (n, at) => waiting.get(n)?.(at));

  const latencies: number[] = [];
  for (let n = 0; n < warmup + samples; n++) {
    const arrived = new Promise<number>((resolve) => waiting.set(n, resolve));
    const start = performance.now();
    const posted = postEcho(url, { n, sku: n % 2 ? 'APP3' : 'IP17-256-BLK', qty: 1 });
    const at = await arrived;
    await posted;
    waiting.delete(n);
    if (n >= warmup) latencies.push(at - start);
  }
  await listener.close();
  return latencies;
};
