import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { CommandDocument } from '../../schema/index.ts';
import type { FeatureLookup } from '../../sync-server/executor/execute.ts';
import { Executor } from '../../sync-server/executor/executor.ts';
import type { ServerFeature } from '../../sync-server/features/feature.ts';
import { featureOf } from '../../sync-server/features/registered.ts';
import { createLogger } from '../../sync-server/observability/logger.ts';
import { BULK_STALE_MS } from '../../sync-server/ops/bulk-resume.ts';
import { resumeStaleBulkJob } from '../../sync-server/ops/bulk-jobs.ts';
import type { PaymentGateway } from '../../sync-server/payments/gateway.ts';
import { configurePayments, paymentSettings } from '../../sync-server/payments/payment-settings.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock } from '../support/order-world.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { postJson, type JsonAnswer } from '../support/post-json.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/** Waits until `check` holds (polling), failing after 10 s. */
const waitFor = async (check: () => Promise<boolean>, ms = 10_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** Command types whose feature's persist throws (a deterministic bug), while listed. */
const broken = new Set<string>();
const breaking = (feature: ServerFeature): ServerFeature => ({
  ...feature,
  async open(tx, commands, now, documents) {
    const batch = await feature.open!(tx, commands, now, documents);
    const poisoned = commands.some(
      (c) => broken.has(c.type) || (c.type === 'cart.addItem' && c.payload.qty === 7 && broken.has('qty7')),
    );
    return {
      ...batch,
      async persist(sql) {
        await batch.persist?.(sql);
        if (poisoned) throw new RangeError('a bug in persist');
      },
    };
  },
});
const wrapped = new Map<ServerFeature, ServerFeature>();
const lookup: FeatureLookup = (type) => {
  const feature = featureOf(type);
  if (!feature) return undefined;
  if (!wrapped.has(feature)) wrapped.set(feature, breaking(feature));
  return wrapped.get(feature);
};

describe(`the console's failures: groups, retry, dry run, cancel, bulk (${storeKind})`, () => {
  let db: Database;
  let server: RunningServer;
  let executor: Executor;
  let support: string;
  let viewer: string;
  let supportEmail: string;
  let unit: number;

  const operator = async (role: string) => {
    const user = await registerLoggedInUser(server.url, `ops-${role}`);
    await db.query('UPDATE users SET role = $2 WHERE owner = $1', [user.owner, role]);
    return user;
  };
  const call = async (method: string, path: string, token: string, body?: unknown): Promise<JsonAnswer> => {
    if (method === 'POST') return postJson(server.url, path, body, token);
    const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const statusOf = async (guest: Guest, id: string) =>
    (await guest.pull<CommandDocument>('outcomes')).documents.find((d) => d.id === id);
  /** Pushes commands and waits until each is settled (the executor isolates the broken ones). */
  const pushSettled = async (guest: Guest, commands: CommandDocument[]) => {
    await guest.push(commands);
    return new Map((await guest.settled(commands.map((c) => c.id))).map((c) => [c.id, c]));
  };
  /** A guest whose device left `n` failed commands (as dead letters leave them): seqs 1001.., for a bulk job. */
  const guestWithFailedCommands = async (n: number): Promise<Guest> => {
    const guest = await createGuest(server.url);
    await pushSettled(guest, [guest.command('cart.addItem', { sku: 'APP3', qty: 1 })]);
    await db.query(
      `INSERT INTO commands (id, owner, client_id, seq, type, payload, created_at, status, result_code, error,
         processed_at, server_seq)
       SELECT gen_random_uuid(), $1, $2, 1000 + n, 'cart.clear', '{}', 0, 'failed', 'internal_error',
         '{"code":"internal_error","message":"x"}', 0, 0
       FROM generate_series(1, $3::int) AS n`,
      [guest.owner, guest.clientId, n],
    );
    return guest;
  };
  const counts = async () =>
    (
      await db.query<{ orders: number; mails: number; attempts: number; audit: number }>(
        `SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM mail_outbox) AS mails,
           (SELECT count(*)::int FROM payment_attempts) AS attempts, (SELECT count(*)::int FROM ops_audit) AS audit`,
      )
    )[0]!;

  beforeAll(async () => {
    db = await openTestDatabase();
    server = await startTestServer(db, 'off');
    executor = new Executor(db, { pollMs: 50, log: createLogger('silent') }, lookup);
    await executor.start();
    const supportUser = await operator('support');
    support = supportUser.token;
    supportEmail = supportUser.email;
    viewer = (await operator('viewer')).token;
    unit = await guestUnitPriceEur(server.url, ORDER_SKU);
    await setStock(db, ORDER_SKU, 50);
  });
  afterAll(async () => {
    broken.clear();
    await executor.stop();
    await server.close();
    await db.close();
  });

  it('a dead-lettered order: the dry run names its e-mail and changes nothing; once its cause is gone, the retry runs it once and the device hears', async () => {
    const guest = await createGuest(server.url);
    broken.add('order.place');
    const place = guest.command('order.place', placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]));
    const settled = await pushSettled(guest, [place]);
    expect(settled.get(place.id)?.status).toBe('failed');

    // A viewer reads the failures but may not retry; a shopper gets nothing.
    const groups = await call('GET', '/api/ops/failures?range=hour', viewer);
    expect(groups.status).toBe(200);
    expect(groups.body.result.groups).toContainEqual(
      expect.objectContaining({ type: 'order.place', status: 'failed', cause: 'RangeError', count: 1 }),
    );
    expect(groups.body.result.groups[0].buckets).toHaveLength(60);
    expect((await call('GET', '/api/ops/failures?range=year', viewer)).body.result.field).toBe('range');
    expect((await call('POST', `/api/ops/commands/${place.id}/retry`, viewer, { dryRun: false })).status).toBe(403);
    expect((await call('POST', `/api/ops/commands/${place.id}/retry`, guest.token, { dryRun: true })).status).toBe(403);
    expect((await call('GET', '/api/ops/failures', guest.token)).status).toBe(403);

    // The dry run: the order confirmation e-mail to the shopper, no charge (cash on delivery), nothing kept.
    broken.clear();
    const before = await counts();
    const dry = await call('POST', `/api/ops/commands/${place.id}/retry`, support, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.result.preview).toMatchObject({
      outcome: { status: 'succeeded' },
      mails: [{ to: validDetails.personal.emailAddress }],
      charges: [],
    });
    expect(await counts()).toEqual(before);
    expect((await statusOf(guest, place.id))?.status).toBe('failed');

    // The retry: same id, executed once, the device pulls its outcome.
    const retry = await call('POST', `/api/ops/commands/${place.id}/retry`, support, { dryRun: false });
    expect(retry.body.result).toEqual({ dryRun: false, id: place.id, status: 'pending' });
    await waitFor(async () => (await statusOf(guest, place.id))?.status === 'succeeded');
    const [orders] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE owner = $1', [
      guest.owner,
    ]);
    expect(orders?.n).toBe(1);
    const [audit] = await db.query<{ action: string; before: { status: string } }>(
      "SELECT action, before FROM ops_audit WHERE target = $1 AND action = 'command.retry'",
      [`command:${place.id}`],
    );
    expect(audit).toMatchObject({ before: { status: 'failed' } });

    // A succeeded command refuses a retry, clearly.
    const again = await call('POST', `/api/ops/commands/${place.id}/retry`, support, { dryRun: true });
    expect(again.status).toBe(409);
    expect(again.body.result.error).toMatch(/succeeded: a retry would run it twice/);
    // The guest's later commands ran meanwhile.
    const later = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    expect((await pushSettled(guest, [later])).get(later.id)?.status).toBe('succeeded');
  });

  it('a dead-lettered card payment: the dry run names the charge, its amount and provider, and opens none', async () => {
    const guest = await createGuest(server.url);
    // Cards are offered (BORICA configured); a payment's start asks nothing of the gateway, so a stand-in does.
    const settings = paymentSettings();
    configurePayments({ ...settings, gateways: { borica: { provider: 'borica' } as unknown as PaymentGateway } });
    onTestFinished(() => configurePayments(settings));
    const payload = placePayload([{ sku: ORDER_SKU, qty: 2, unitPriceInclTaxEur: unit }], {
      details: { ...validDetails, payment: { paymentMethod: 'card' } },
    });
    broken.add('payment.start');
    const place = guest.command('order.place', payload);
    const start = guest.command('payment.start', { orderId: payload.orderId });
    const settled = await pushSettled(guest, [place, start]);
    broken.clear();
    expect([settled.get(place.id)?.status, settled.get(start.id)?.status]).toEqual(['succeeded', 'failed']);
    const before = await counts();
    const dry = await call('POST', `/api/ops/commands/${start.id}/retry`, support, { dryRun: true });
    expect(dry.status).toBe(200);
    const [order] = await db.query<{ total: number; number: string }>(
      "SELECT (doc->'totals'->>'grandTotalEur')::int AS total, order_number AS number FROM orders WHERE order_id = $1",
      [payload.orderId],
    );
    expect(dry.body.result.preview).toMatchObject({
      outcome: { status: 'succeeded' },
      charges: [{ provider: expect.any(String), amountEurCents: order!.total, orderNumber: order!.number }],
      totalChargedEurCents: order!.total,
    });
    expect(dry.body.result.preview.summary.join(' ')).toContain('It would start a charge of €');
    expect(await counts()).toEqual(before);
  });

  it('cancel: the dead letter becomes a refusal naming the operator; the device is told', async () => {
    const guest = await createGuest(server.url);
    broken.add('qty7');
    const poison = guest.command('cart.addItem', { sku: 'APP3', qty: 7 });
    expect((await pushSettled(guest, [poison])).get(poison.id)?.status).toBe('failed');
    broken.clear();
    expect((await call('POST', `/api/ops/commands/${poison.id}/cancel`, viewer)).status).toBe(403);
    const cancel = await call('POST', `/api/ops/commands/${poison.id}/cancel`, support);
    expect(cancel.status).toBe(200);
    expect(cancel.body.result).toMatchObject({ status: 'rejected', resultCode: 'cancelled' });
    await waitFor(async () => (await statusOf(guest, poison.id))?.status === 'rejected');
    expect(await statusOf(guest, poison.id)).toMatchObject({ resultCode: 'cancelled', error: { code: 'cancelled' } });
    const [row] = await db.query<{ cancelled_by: string }>('SELECT cancelled_by FROM commands WHERE id = $1', [
      poison.id,
    ]);
    expect(row?.cancelled_by).toMatch(/^ops-support/);
    // Cancelled is final: neither retried nor cancelled again.
    expect((await call('POST', `/api/ops/commands/${poison.id}/retry`, support, { dryRun: false })).status).toBe(409);
    expect((await call('POST', `/api/ops/commands/${poison.id}/cancel`, support)).status).toBe(409);
    expect((await call('POST', '/api/ops/commands/not-an-id/cancel', support)).body.result.field).toBe('id');
  });

  it('bulk retry: the preview counts what the filter selects; the job retries them all with progress', async () => {
    broken.add('qty7');
    const guests = await Promise.all([1, 2, 3].map(() => createGuest(server.url)));
    const poisons = guests.map((g) => g.command('cart.addItem', { sku: 'APP3', qty: 7 }));
    for (const [i, guest] of guests.entries()) await pushSettled(guest, [poisons[i]!]);
    broken.clear();
    const filter = { type: 'cart.addItem', status: 'failed' };
    const [expected] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM commands WHERE type = 'cart.addItem' AND status = 'failed'",
    );
    expect(expected!.n).toBeGreaterThanOrEqual(3);

    const preview = await call('POST', '/api/ops/bulk', support, { action: 'retry', filter, dryRun: true });
    expect(preview.body.result).toEqual({
      dryRun: true,
      action: 'retry',
      matching: expected!.n,
      eligible: expected!.n,
    });
    expect((await call('POST', '/api/ops/bulk', viewer, { action: 'retry', filter, dryRun: true })).status).toBe(403);
    expect(
      (await call('POST', '/api/ops/bulk', support, { action: 'redo', filter, dryRun: true })).body.result.field,
    ).toBe('action');

    const started = await call('POST', '/api/ops/bulk', support, { action: 'retry', filter, dryRun: false });
    expect(started.status).toBe(202);
    const { id, total } = started.body.result.job as { id: number; total: number };
    expect(total).toBe(expected!.n);
    let job: { state: string; done: number; failed: number; total: number } | undefined;
    await waitFor(async () => {
      job = (await call('GET', `/api/ops/bulk/${id}`, viewer)).body.result;
      return job?.state === 'finished';
    });
    expect(job).toMatchObject({ done: expected!.n, failed: 0, total: expected!.n });
    for (const [i, guest] of guests.entries()) {
      await waitFor(async () => (await statusOf(guest, poisons[i]!.id))?.status === 'succeeded');
    }
    // A finished job cannot be aborted; an unknown one is a 404.
    expect((await call('DELETE', `/api/ops/bulk/${id}`, support)).status).toBe(409);
    expect((await call('DELETE', '/api/ops/bulk/999999', support)).status).toBe(404);
  });

  it('a running bulk job is aborted between steps: it stops with its progress where it was', async () => {
    const guest = await guestWithFailedCommands(100);
    const filter = { owner: guest.owner, status: 'failed' };
    const started = await call('POST', '/api/ops/bulk', support, { action: 'cancel', filter, dryRun: false });
    const { id, total } = started.body.result.job as { id: number; total: number };
    expect(total).toBe(100);
    const aborted = await call('DELETE', `/api/ops/bulk/${id}`, support);
    expect(aborted.status).toBe(200);
    expect(aborted.body.result.state).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const job = (await call('GET', `/api/ops/bulk/${id}`, viewer)).body.result as { state: string; done: number };
    expect(job.state).toBe('aborted');
    expect(job.done).toBeLessThan(100);
    const [left] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM commands WHERE owner = $1 AND status = 'failed'",
      [guest.owner],
    );
    expect(left!.n).toBe(100 - job.done);
  });

  it('a bulk job whose instance died is taken over where it stopped: every command handled once, as its operator', async () => {
    const guest = await guestWithFailedCommands(100);
    const filter = { owner: guest.owner, status: 'failed' };
    const started = await call('POST', '/api/ops/bulk', support, { action: 'cancel', filter, dryRun: false });
    const { id } = started.body.result.job as { id: number };
    // Its instance dies mid-job: its claim goes (another runner id, as a takeover writes it) and its steps stop;
    // its heartbeat is as old as a dead instance's.
    await db.query(
      "UPDATE ops_bulk_jobs SET runner = gen_random_uuid(), heartbeat_at = now() - interval '1 hour' WHERE id = $1",
      [id],
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = (await call('GET', `/api/ops/bulk/${id}`, viewer)).body.result as { done: number; state: string };
    expect(stopped.state).toBe('running');

    // The instance holding the bulk-jobs role finds it silent, and runs it to its end.
    expect(await resumeStaleBulkJob(db, BULK_STALE_MS)).toBe(true);
    const job = (await call('GET', `/api/ops/bulk/${id}`, viewer)).body.result as {
      state: string;
      done: number;
      failed: number;
      total: number;
    };
    expect(job).toMatchObject({ state: 'finished', done: 100, failed: 0, total: 100 });
    const [left] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM commands WHERE owner = $1 AND status = 'failed'",
      [guest.owner],
    );
    expect(left!.n).toBe(0);
    // Each command cancelled once, every one in the operator's name (the audit log is per command).
    const audits = await db.query<{ target: string; actor_email: string }>(
      "SELECT target, actor_email FROM ops_audit WHERE action = 'command.cancel' AND target = ANY($1::text[])",
      [
        (await db.query<{ id: string }>('SELECT id FROM commands WHERE owner = $1 AND seq >= 1000', [guest.owner])).map(
          (r) => `command:${r.id}`,
        ),
      ],
    );
    expect(audits).toHaveLength(100);
    expect(new Set(audits.map((a) => a.target)).size).toBe(100);
    expect(new Set(audits.map((a) => a.actor_email))).toEqual(new Set([supportEmail]));
    // Nothing is left to take over.
    expect(await resumeStaleBulkJob(db, BULK_STALE_MS)).toBe(false);
  });
});
