import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsResponseSchema, type StatsResponse } from '../../schema/ops/stats.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { createGuest } from '../support/protocol-client.ts';
import { syncDevice } from '../support/sync-device.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

const TWO_HOURS = 7_200_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  /** Asks until `done` holds: the server records devices' pushes and pulls after it has answered them. */
  const eventually = async (done: (value: StatsResponse) => boolean, what: string): Promise<StatsResponse> => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const value = statsResponseSchema.parse((await stats('?range=hour&buckets=1')).body.result);
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value.syncLag)}`);
      await sleep(25);
    }
  };

  /** Waits until the server has recorded these devices (it does so after answering their first request). */
  const untilRecorded = async (clientIds: readonly string[]): Promise<void> => {
    const recorded = async () =>
      (
        await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ops_devices WHERE client_id = ANY($1)`, [
          [...clientIds],
        ])
      )[0]?.n;
    for (let deadline = Date.now() + 5_000; (await recorded()) !== clientIds.length; await sleep(25)) {
      if (Date.now() > deadline) throw new Error(`devices not recorded: ${clientIds.join(', ')}`);
    }
  };

  it('measures device to device latency and each device’s lag from real pushes and pulls of one shopper’s devices', async () => {
    const shopper = await createGuest(server.url);
    const phone = syncDevice(server.url, shopper, 'phone');
    const laptop = syncDevice(server.url, shopper, 'laptop');
    const tablet = syncDevice(server.url, shopper, 'tablet');
    const mine = new Set([phone.clientId, laptop.clientId, tablet.clientId]);
    // All three open the shop first, so each was there before the commands were made.
    for (const device of [phone, laptop, tablet]) await device.pullOutcomes();
    await untilRecorded([...mine]);

    // The phone adds twice; the laptop has the first outcome about 0.2 s after the server took it, the second
    // about 1 s after. The tablet stays closed.
    const first = phone.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await phone.push([first]);
    await phone.pullUntilSettled([first.id]);
    await sleep(200);
    await laptop.pullUntilSettled([first.id]);
    const second = phone.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await phone.push([second]);
    await phone.pullUntilSettled([second.id]);
    await sleep(1_000);
    await laptop.pullUntilSettled([second.id]);

    const behind = await eventually(
      (s) => s.deviceToDeviceP95Ms[0] !== null && s.syncLag.lagging.some((d) => d.clientId === tablet.clientId),
      'the laptop’s deliveries and the tablet behind',
    );
    // Only the laptop's deliveries count: the phone had its own outcomes at once, the tablet has none yet.
    expect(behind.deviceToDeviceP50Ms[0]!).toBeGreaterThanOrEqual(200);
    expect(behind.deviceToDeviceP95Ms[0]!).toBeGreaterThanOrEqual(0.95 * 1_000);
    expect(behind.deviceToDeviceP95Ms[0]!).toBeGreaterThanOrEqual(behind.deviceToDeviceP50Ms[0]!);
    expect(behind.deviceToDeviceP95Ms[0]!).toBeLessThan(30_000);
    // The phone and the laptop have everything; the tablet misses both outcomes, since the first was settled.
    const lagging = behind.syncLag.lagging.filter((d) => mine.has(d.clientId));
    expect(lagging).toHaveLength(1);
    expect(lagging[0]).toMatchObject({
      clientId: tablet.clientId,
      owner: shopper.owner,
      appVersion: '1.4.0',
      behindOutcomes: 2,
    });
    expect(lagging[0]!.behindSeconds).toBeGreaterThanOrEqual(1);
    expect(lagging[0]!.lastSyncAt).not.toBeNull();
    const slot = (s: StatsResponse, upTo: number | null) =>
      s.syncLag.histogram.find((h) => h.upToSeconds === upTo)?.count ?? 0;
    expect(behind.syncLag.histogram.reduce((n, h) => n + h.count, 0)).toBe(behind.syncLag.devices);
    expect(slot(behind, 0)).toBeGreaterThanOrEqual(2);
    expect(slot(behind, 10)).toBeGreaterThanOrEqual(1);

    // The tablet opens and pulls: it is up to date now, and its late deliveries (a second and more after the server
    // took each command) count in the latency too, moving p95 up, not down.
    await tablet.pullUntilSettled([first.id, second.id]);
    const caughtUp = await eventually(
      (s) => !s.syncLag.lagging.some((d) => mine.has(d.clientId)) && slot(s, 0) >= 3,
      'the tablet caught up',
    );
    expect(caughtUp.syncLag.lagging.filter((d) => mine.has(d.clientId))).toEqual([]);
    expect(caughtUp.deviceToDeviceP95Ms[0]!).toBeGreaterThanOrEqual(behind.deviceToDeviceP95Ms[0]!);
  });

  it('counts a reloaded tab as one device: its earlier page load, gone for good, is neither behind nor counted twice', async () => {
    const shopper = await createGuest(server.url);
    const phone = syncDevice(server.url, shopper, 'phone', { deviceId: `phone-${shopper.owner}` });
    const laptopBefore = syncDevice(server.url, shopper, 'laptop', { deviceId: `laptop-${shopper.owner}` });
    for (const device of [phone, laptopBefore]) await device.pullOutcomes();
    await untilRecorded([phone.clientId, laptopBefore.clientId]);
    const before = statsResponseSchema.parse((await stats('?range=hour&buckets=1')).body.result).syncLag.devices;

    // The laptop's tab reloads (a new client id; the old page load never speaks again), then the phone adds.
    const laptop = laptopBefore.reload();
    await laptop.pullOutcomes();
    await untilRecorded([laptop.clientId]);
    const added = phone.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await phone.push([added]);
    await phone.pullUntilSettled([added.id]);
    await sleep(300);
    await laptop.pullUntilSettled([added.id]);

    // None of this shopper's devices behind (the old page load is the laptop's past, not a device that misses the
    // outcome), and two devices, as before the reload.
    const mine = new Set([phone.clientId, laptopBefore.clientId, laptop.clientId]);
    const after = await eventually(
      (s) => !s.syncLag.lagging.some((d) => mine.has(d.clientId)),
      'the laptop up to date, its earlier page load not behind',
    );
    expect(after.syncLag.devices).toBe(before);
  });

  it('counts for the sync lag only the devices seen in the range', async () => {
    const shopper = await createGuest(server.url);
    const away = syncDevice(server.url, shopper, 'away');
    await away.pullOutcomes();
    const counted = async (range: string) =>
      statsResponseSchema.parse((await stats(`?range=${range}&buckets=1`)).body.result).syncLag.devices;
    await untilRecorded([away.clientId]);
    const hour = await counted('hour');
    // Last seen two hours ago: out of the last hour, in the last day.
    await server.db.query(
      `UPDATE ops_devices SET first_seen_at = now() - interval '2 hours', last_pull_at = now() - interval '2 hours'
       WHERE client_id = $1`,
      [away.clientId],
    );
    expect(await counted('hour')).toBe(hour - 1);
    expect(await counted('day')).toBe(hour);
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
