import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';

const METRICS_TOKEN = 'scraper-token-of-the-tests';

/** The value of one series in Prometheus's text format (0 when absent). */
const seriesValue = (text: string, name: string, labels: Record<string, string>): number => {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
    const parts = inside.split(',');
    if (wanted.every((w) => parts.includes(w))) return Number(line.split(' ').at(-1));
  }
  return 0;
};

/** Issue 30, vital signs: what a load balancer and Prometheus ask of every server. */
describe(`probes and metrics (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, 'on', undefined, { METRICS_TOKEN });
  });
  afterAll(() => server.close());

  const scrape = async (): Promise<string> => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  };

  it('says the process is live, and ready with each check named', async () => {
    const live = await fetch(`${server.url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    for (const path of ['/readyz', '/healthz']) {
      const ready = await fetch(`${server.url}${path}`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ok',
        checks: { server: 'ok', database: 'ok', migrations: 'ok', search: 'ok', workers: 'ok' },
      });
    }
  });

  it('counts commands by type and outcome, and times HTTP by route template, as real traffic moves', async () => {
    const before = await scrape();
    const guest = await createGuest(server.url);
    const adds = [1, 2, 3].map(() => guest.command('cart.addItem', { sku: 'APP3', qty: 1 }));
    const unknown = guest.command('cart.addItem', { sku: 'NO-SUCH-SKU', qty: 1 });
    await guest.push([...adds, unknown]);
    const settled = await guest.settled([...adds, unknown].map((c) => c.id));
    const refusedStatus = settled.find((c) => c.id === unknown.id)!.status;
    expect(refusedStatus).toBe('rejected');

    const after = await scrape();
    const count = (text: string, outcome: string) =>
      seriesValue(text, 'commands_total', { type: 'cart.addItem', outcome });
    expect(count(after, 'succeeded') - count(before, 'succeeded')).toBe(3);
    expect(count(after, 'rejected') - count(before, 'rejected')).toBe(1);
    expect(seriesValue(after, 'command_execution_seconds_count', { type: 'cart.addItem' })).toBeGreaterThanOrEqual(4);
    expect(seriesValue(after, 'command_end_to_end_seconds_count', { type: 'cart.addItem' })).toBeGreaterThanOrEqual(4);
    // By the route's template, never the path: one series for every collection and every guest.
    const pushes = { method: 'POST', route: '/sync/:collection/push', status: '200' };
    expect(seriesValue(after, 'http_request_duration_seconds_count', pushes)).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(guest.owner);
    expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(after).toMatch(/^executor_backlog \d+$/m);
    expect(after).toMatch(/^live_streams \d+$/m);
    expect(after).toMatch(/^mail_outbox_backlog \d+$/m);
    expect(after).toMatch(/^mail_outbox_oldest_age_seconds \d/m);
    expect(after).toMatch(/^payments_in_doubt \d+$/m);
  });

  it('answers a request id: the caller’s when it is plain, a new one otherwise', async () => {
    const given = await fetch(`${server.url}/livez`, { headers: { 'x-request-id': 'lb-1234' } });
    expect(given.headers.get('x-request-id')).toBe('lb-1234');
    const odd = await fetch(`${server.url}/livez`, { headers: { 'x-request-id': 'two words; and more' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves /metrics to this host, or elsewhere only with METRICS_TOKEN', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.9' };
    expect((await fetch(`${server.url}/metrics`, { headers: forwarded })).status).toBe(403);
    const wrong = { ...forwarded, authorization: 'Bearer not-the-token-at-all' };
    expect((await fetch(`${server.url}/metrics`, { headers: wrong })).status).toBe(403);
    const right = { ...forwarded, authorization: `Bearer ${METRICS_TOKEN}` };
    expect((await fetch(`${server.url}/metrics`, { headers: right })).status).toBe(200);
  });
});

describe(`readiness when the store goes away (${storeKind})`, () => {
  it('/readyz and /healthz say 503 with the reason while the store is unreachable; /livez still 200', async () => {
    const db = await openTestDatabase();
    const server = await startTestServer(db, 'off');
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      await db.close();
      for (const path of ['/readyz', '/healthz']) {
        const ready = await fetch(`${server.url}${path}`);
        expect(ready.status).toBe(503);
        const body = (await ready.json()) as { status: string; reason: string; checks: Record<string, string> };
        expect(body.status).toBe('unavailable');
        expect(body.reason).toMatch(/^database: /);
        expect(body.checks.database).not.toBe('ok');
      }
      expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    } finally {
      // The store is gone: stopping what used it may complain, the test is about the answers above.
      await server.close().catch(() => undefined);
    }
  });
});
