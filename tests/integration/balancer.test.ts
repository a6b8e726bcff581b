import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from '../../tools/cluster/balancer.ts';
import { freePort } from '../../tools/cluster/start-cluster.ts';

/**
 * The real HAProxy with deploy/'s settings (tools/cluster/haproxy-config.ts), in front of stand-in instances: small
 * HTTP servers that answer /readyz as told, say who they are and what X-Forwarded-For they got, and hold a
 * server-sent event stream. What is under test is the balancer's behaviour; the store's own instances behind it are
 * the browser journeys' (playwright.cluster.config.ts), which take minutes to start where these take milliseconds.
 */

interface StandIn {
  name: string;
  server: Server;
  port: number;
  ready: boolean;
}

const startStandIn = async (name: string): Promise<StandIn> => {
  const standIn: StandIn = { name, server: createServer(), port: 0, ready: true };
  const streams = new Set<ServerResponse>();
  standIn.server.on('request', (req, res) => {
    if (req.url === '/readyz') {
      res.writeHead(standIn.ready ? 200 : 503).end();
    } else if (req.url === '/sync/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(`event: hello\ndata: ${name}\n\n`);
      streams.add(res);
      res.on('close', () => streams.delete(res));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ instance: name, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
    }
  });
  await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
  standIn.port = (standIn.server.address() as AddressInfo).port;
  standIn.server.on('close', () => streams.forEach((res) => res.destroy()));
  return standIn;
};

const stopStandIn = (standIn: StandIn): Promise<void> =>
  new Promise((resolve) => {
    standIn.server.close(() => resolve());
    standIn.server.closeAllConnections();
  });

const dir = mkdtempSync(join(tmpdir(), 'balancer-it-'));

const balancerFor = async (
  name: string,
  standIns: StandIn[],
  limits = { connectionsPerAddress: 200, requestsPer10sPerAddress: 500 },
): Promise<Balancer> => {
  return startBalancer({
    dir: mkdtempSync(join(dir, `${name}-`)),
    port: await freePort(),
    servers: standIns.map((s) => ({ name: s.name, address: `127.0.0.1:${s.port}` })),
    maxConnections: 1_000,
    ...limits,
  });
};

/** Waits until HAProxy sees each named instance in the state given (its checks run every 2 s). */
const waitStates = async (balancer: Balancer, wanted: Record<string, string>): Promise<void> => {
  for (;;) {
    const states = await balancer.serverStates();
    if (Object.entries(wanted).every(([name, state]) => states[name] === state)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const instanceOf = async (url: string): Promise<string> =>
  ((await (await fetch(url)).json()) as { instance: string }).instance;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('HAProxy in front of instances, with deploy/ settings', () => {
  let a: StandIn;
  let b: StandIn;
  let balancer: Balancer;
  beforeAll(async () => {
    a = await startStandIn('store1');
    b = await startStandIn('store2');
    balancer = await balancerFor('spread', [a, b]);
  });
  afterAll(async () => {
    await balancer.stop();
    await Promise.all([stopStandIn(a), stopStandIn(b)]);
  });

  it("sends requests to every instance, each told the shopper's address in X-Forwarded-For", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const answer = (await (await fetch(`${balancer.url}/api/anything`)).json()) as {
        instance: string;
        forwardedFor: string | null;
      };
      seen.add(answer.instance);
      expect(answer.forwardedFor).toBe('127.0.0.1');
    }
    expect([...seen].sort()).toEqual(['store1', 'store2']);
  });

  it("passes a live stream's events through as they are sent, the stream still open", async () => {
    const response = await fetch(`${balancer.url}/sync/stream`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/^event: hello\ndata: store[12]\n\n/);
    await reader.cancel();
  });

  it('takes out an instance whose /readyz turns 503 (as at SIGTERM), and sends it requests again once ready', async () => {
    a.ready = false;
    await waitStates(balancer, { store1: 'DOWN', store2: 'UP' });
    for (let i = 0; i < 6; i++) expect(await instanceOf(`${balancer.url}/api/anything`)).toBe('store2');
    a.ready = true;
    await waitStates(balancer, { store1: 'UP' });
  });
});

describe('HAProxy with every instance down', () => {
  it("answers the calm 503 page, in Bulgarian and English, not HAProxy's own", async () => {
    const gone = await startStandIn('store1');
    const balancer = await balancerFor('down', [gone]);
    try {
      await stopStandIn(gone);
      await waitStates(balancer, { store1: 'DOWN' });
      const response = await fetch(`${balancer.url}/`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('30');
      const page = await response.text();
      expect(page).toContain('Магазинът се връща след малко');
      expect(page).toContain('The shop is back in a moment');
    } finally {
      await balancer.stop();
    }
  });
});

describe('HAProxy limiting one address', () => {
  it('answers 429 with Retry-After and words past the requests one address may send in 10 s', async () => {
    const standIn = await startStandIn('store1');
    const balancer = await balancerFor('limit', [standIn], {
      connectionsPerAddress: 200,
      requestsPer10sPerAddress: 20,
    });
    try {
      const statuses: number[] = [];
      let refusal: Response | undefined;
      for (let i = 0; i < 30; i++) {
        const response = await fetch(`${balancer.url}/api/anything`);
        statuses.push(response.status);
        if (response.status === 429) refusal ??= response;
        else await response.arrayBuffer();
      }
      // Answered up to the limit (the balancer's own start probe came from this address too), then refused.
      const answered = statuses.indexOf(429);
      expect(answered).toBeGreaterThanOrEqual(15);
      expect(answered).toBeLessThanOrEqual(20);
      expect(statuses.slice(0, answered).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(answered).every((status) => status === 429)).toBe(true);
      expect(refusal?.headers.get('retry-after')).toBe('10');
      expect(await refusal?.text()).toContain('Too many requests from your address');
    } finally {
      await balancer.stop();
      await stopStandIn(standIn);
    }
  });
});
