import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../sync-server/accounts/outbox.ts';
import { mailBodyRetention } from '../../sync-server/mail/mail-retention.ts';
import { runRetention } from '../../sync-server/retention/index.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { deviceRetention } from '../../sync-server/sync/device-retention.ts';
import { getJson, registerOperator } from '../support/operators.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Issue 32, "Retention, as settings with defaults": each rule on its boundary day (a minute past its period is
 * forgotten, a minute before is kept), and a device that comes back after it was forgotten. The rows are aged by
 * SQL: the rules compare with the store's clock.
 */
describe(`retention (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, 'on');
  });
  afterAll(async () => {
    await server.close();
  });

  const PAST = "now() - interval '30 days' - interval '1 minute'";
  const NOT_YET = "now() - interval '30 days' + interval '1 minute'";

  it("a sent mail's text is dropped once its 30 days are over; who, when and which template stay", async () => {
    const mail = async (subject: string, sentAt: string | null) => {
      const { outboxId } = await server.db.transaction((tx) =>
        enqueueMail(tx, { kind: 'order-status', to: 'retention@example.com', subject, body: `Text of ${subject}` }),
      );
      // Held off the mail worker; sent (or not) when the test says.
      await server.db.query(
        `UPDATE mail_outbox SET next_attempt_at = now() + interval '1 day', created_at = now() - interval '60 days',
           sent_at = ${sentAt ?? 'NULL'} WHERE id = $1`,
        [outboxId!],
      );
      return outboxId!;
    };
    const old = await mail('Old', PAST);
    const recent = await mail('Recent', NOT_YET);
    const waiting = await mail('Waiting', null);

    const report = await runRetention(server.db, [mailBodyRetention(30)]);
    expect(report.counts['mail-bodies']?.removed).toBeGreaterThanOrEqual(1);
    const rows = await server.db.query<{ id: number; body: string; subject: string; to_address: string; kind: string }>(
      'SELECT id::int AS id, body, subject, to_address, kind FROM mail_outbox WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[old, recent, waiting]],
    );
    expect(rows.map((r) => [r.subject, r.body])).toEqual([
      ['Old', ''],
      ['Recent', 'Text of Recent'],
      ['Waiting', 'Text of Waiting'],
    ]);
    expect(rows[0]).toMatchObject({ to_address: 'retention@example.com', kind: 'order-status' });
  });

  it('a device not seen for 30 days is forgotten, and when it comes back its next command runs', async () => {
    const gone = await createGuest(server.url);
    const seen = await createGuest(server.url);
    const first = gone.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await gone.push([first]);
    await seen.push([seen.command('cart.addItem', { sku: 'APP3', qty: 1 })]);
    await gone.settled([first.id]);
    const age = async (clientId: string, when: string) => {
      await server.db.query(`UPDATE sync_clients SET created_at = ${when} WHERE client_id = $1`, [clientId]);
      await server.db.query(
        `UPDATE ops_devices SET first_seen_at = ${when}, last_push_at = ${when}, last_pull_at = ${when},
           last_stream_at = ${when} WHERE client_id = $1`,
        [clientId],
      );
    };
    await age(gone.clientId, PAST);
    await age(seen.clientId, NOT_YET);

    const report = await runRetention(server.db, [deviceRetention(30)]);
    expect(report.counts['devices']?.removed).toBeGreaterThanOrEqual(1);
    const known = async (clientId: string) => ({
      sync: (await server.db.query('SELECT 1 FROM sync_clients WHERE client_id = $1', [clientId])).length,
      ops: (await server.db.query('SELECT 1 FROM ops_devices WHERE client_id = $1', [clientId])).length,
    });
    expect(await known(gone.clientId)).toEqual({ sync: 0, ops: 0 });
    expect((await known(seen.clientId)).sync).toBe(1);

    // Back after the month: its queue goes on from seq 2. The store rebuilt where it was from its command log; a
    // client starting again at 0 would hold seq 2 behind a gap for ever.
    const second = gone.command('cart.addItem', { sku: 'APP3', qty: 2 });
    await gone.push([second]);
    const [answer] = await gone.settled([second.id]);
    expect(answer?.status).toBe('succeeded');
    expect((await gone.cart())?.items).toEqual([expect.objectContaining({ sku: 'APP3', qty: 3 })]);
  });

  it('a device with a command still waiting is never forgotten, however old', async () => {
    const waiting = await createGuest(server.url);
    waiting.command('cart.addItem', { sku: 'APP3', qty: 1 }); // seq 1, never pushed: seq 2 waits behind it
    await waiting.push([waiting.command('cart.addItem', { sku: 'APP3', qty: 1 })]);
    await server.db.query(`UPDATE sync_clients SET created_at = ${PAST} WHERE client_id = $1`, [waiting.clientId]);
    await runRetention(server.db, [deviceRetention(30)]);
    expect(await server.db.query('SELECT 1 FROM sync_clients WHERE client_id = $1', [waiting.clientId])).toHaveLength(
      1,
    );
  });

  it('the operators see what the store forgets, after how long, and what its last runs removed', async () => {
    await runRetention(server.db, [mailBodyRetention(30), deviceRetention(30)]);
    const viewer = await registerOperator(server.url, server.db, 'viewer');
    const { status, body } = await getJson(server.url, '/api/ops/retention', viewer.token);
    expect(status).toBe(200);
    const result = body.result as {
      rules: { name: string; days: number }[];
      runs: { finishedAt: number | null; counts: Record<string, { removed: number; days: number }>; error: null }[];
    };
    expect(result.rules).toEqual([
      { name: 'mail-bodies', days: 30 },
      { name: 'devices', days: 30 },
    ]);
    expect(result.runs[0]).toMatchObject({
      finishedAt: expect.any(Number),
      error: null,
      counts: { 'mail-bodies': { days: 30 }, devices: { days: 30 } },
    });
    const shopper = await createGuest(server.url);
    expect((await getJson(server.url, '/api/ops/retention', shopper.token)).status).toBe(403);
  });
});
