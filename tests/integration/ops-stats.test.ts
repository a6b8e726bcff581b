import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsResponseSchema, type StatsResponse } from '../../schema/ops/stats.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

const TWO_HOURS = 7_200_000;

/** Issue 30, the console's health charts: buckets the store computes from the command log. */
describe(`GET /api/ops/stats (${storeKind})`, () => {
  let server: RunningServer;
  let viewer: string;
  beforeAll(async () => {
    server = await startTestServer();
    const user = await registerLoggedInUser(server.url, 'stats-viewer');
    await server.db.query(`UPDATE users SET role = 'viewer' WHERE owner = $1`, [user.owner]);
    viewer = user.token;
  });
  afterAll(() => server.close());

  const stats = async (query: string, token = viewer) => {
    const response = await fetch(`${server.url}/api/ops/stats${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as { result: unknown } };
  };

  it('counts real commands by type and outcome per bucket, with execution percentiles and how long they were offline', async () => {
    const guest = await createGuest(server.url);
    const adds = [1, 2, 3].map(() => guest.command('cart.addItem', { sku: 'APP3', qty: 1 }));
    // Made on the device two hours ago, pushed now: it waited offline.
    const offline = guest.command('cart.addItem', { sku: 'APP3', qty: 1 }, { createdAt: Date.now() - TWO_HOURS });
    const refused = guest.command('cart.addItem', { sku: 'NO-SUCH-SKU', qty: 1 });
    const all = [...adds, offline, refused];
    await guest.push(all);
    await guest.settled(all.map((c) => c.id));

    const { status, body } = await stats('?range=hour&buckets=120');
    expect(status).toBe(200);
    const result: StatsResponse = statsResponseSchema.parse(body.result);
    expect(result.starts).toHaveLength(120);
    expect(result.received).toHaveLength(120);
    expect(result.to - result.from).toBe(3_600_000);
    expect(result.bucketMs).toBe(30_000);
    const line = (outcome: string) => result.series.find((s) => s.type === 'cart.addItem' && s.outcome === outcome);
    expect(line('succeeded')?.total).toBe(4);
    expect(line('rejected')?.total).toBe(1);
    expect(result.received.reduce((a, b) => a + b, 0)).toBe(5);
    // Every command landed in the bucket of now, the last one (or the one before, at a bucket's edge).
    const last = result.received.findLastIndex((n) => n > 0);
    expect(last).toBeGreaterThanOrEqual(118);
    expect(result.executionP50Ms[last]).not.toBeNull();
    expect(result.executionP95Ms[last]!).toBeGreaterThanOrEqual(result.executionP50Ms[last]!);
    expect(result.failures.reduce((a, b) => a + b, 0)).toBe(0);
    // Two hours offline: in the slot up to 6 hours; the others arrived within a second of being made.
    expect(result.offline.find((s) => s.upToSeconds === 21_600)?.count).toBe(1);
    expect(result.offline.find((s) => s.upToSeconds === 1)?.count).toBe(4);
    expect(result.backlog).toBe(0);
  });

  it('answers a week in 2000 buckets, and the default of an hour in 60', async () => {
    const week = statsResponseSchema.parse((await stats('?range=week&buckets=2000')).body.result);
    expect(week.starts).toHaveLength(2000);
    expect(week.series.find((s) => s.type === 'cart.addItem' && s.outcome === 'succeeded')?.total).toBe(4);
    const plain = statsResponseSchema.parse((await stats('')).body.result);
    expect(plain.range).toBe('hour');
    expect(plain.starts).toHaveLength(60);
  });

  it('refuses bad input naming the field, and anyone who is not an operator', async () => {
    const tooMany = await stats('?buckets=2001');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.result).toMatchObject({ field: 'buckets' });
    const badRange = await stats('?range=year');
    expect(badRange.status).toBe(400);
    expect(badRange.body.result).toMatchObject({ field: 'range' });
    const shopper = await registerLoggedInUser(server.url, 'stats-shopper');
    expect((await stats('', shopper.token)).status).toBe(403);
    const guest = await createGuest(server.url);
    expect((await stats('', guest.token)).status).toBe(403);
    expect((await fetch(`${server.url}/api/ops/stats`)).status).toBe(401);
  });
});
