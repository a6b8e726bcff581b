import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLine } from '../../schema/ops/audit.ts';
import { recordAudit } from '../../sync-server/ops/audit.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { runOps } from '../../tools/ops/dispatch.ts';
import { ORDER_SKU, guestUnitPriceEur, setStock } from '../support/order-world.ts';
import { auditLinesOf, getJson, registerOperator, type TestOperator } from '../support/operators.ts';
import { placePayload } from '../support/orders.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/**
 * Issue 30, "who is an operator": each operator action leaves one audit line (who, what, before, after) written in
 * its own transaction, none when it fails; the log is browsable newest first with filters; roles are granted by an
 * admin (never taking the last admin's) or by `npm run ops -- grant`.
 */
describe(`operators' audit log and roles (${storeKind})`, () => {
  let server: RunningServer;
  let support: TestOperator;
  let viewer: TestOperator;
  let admin: TestOperator;

  beforeAll(async () => {
    server = await startTestServer();
    support = await registerOperator(server.url, server.db, 'support');
    viewer = await registerOperator(server.url, server.db, 'viewer');
    admin = await registerOperator(server.url, server.db, 'admin');
  });
  afterAll(() => server.close());

  const placeOrder = async (): Promise<string> => {
    await setStock(server.db, ORDER_SKU, 5);
    const guest = await createGuest(server.url);
    const unit = await guestUnitPriceEur(server.url, ORDER_SKU);
    const place = guest.command('order.place', placePayload([{ sku: ORDER_SKU, qty: 1, unitPriceInclTaxEur: unit }]));
    await guest.push([place]);
    return (await guest.settled([place.id]))[0]?.result?.orderNumber as string;
  };

  it("an order move is audited with the support operator's name and the statuses; a refused move leaves no line", async () => {
    const orderNumber = await placeOrder();
    const move = (status: string, token: string) =>
      postJson(server.url, `/api/operator/orders/${orderNumber}/status`, { status }, token);
    expect((await move('confirmed', viewer.token)).status).toBe(403);
    expect((await move('confirmed', support.token)).status).toBe(200);
    expect((await move('delivered', support.token)).status).toBe(409);
    expect(await auditLinesOf(server.db, `order:${orderNumber}`)).toEqual([
      {
        action: 'order.status',
        actor_email: support.email,
        before: { status: 'received' },
        after: { status: 'confirmed' },
      },
    ]);
  });

  it('a line written in a transaction that rolls back is gone with it', async () => {
    const target = `test:${Date.now()}`;
    await expect(
      server.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          { userId: 1, owner: admin.owner, email: admin.email, role: 'admin' },
          {
            action: 'test.rollback',
            target,
          },
        );
        throw new Error('the action failed after its audit line');
      }),
    ).rejects.toThrow('the action failed');
    expect(await auditLinesOf(server.db, target)).toEqual([]);
  });

  it("a customer's group and a mail's resend are audited; a resend that cannot be leaves no line", async () => {
    const shopper = await registerLoggedInUser(server.url, 'audit-group');
    const moved = await postJson(
      server.url,
      `/api/operator/users/${shopper.owner}/group`,
      { group_id: 2 },
      support.token,
    );
    expect(moved.status).toBe(200);
    expect(await auditLinesOf(server.db, `user:${shopper.owner}`)).toMatchObject([
      { action: 'user.group', before: { groupId: 1 }, after: { groupId: 2 } },
    ]);

    const [failed] = await server.db.query<{ id: number }>(
      `INSERT INTO mail_outbox (kind, to_address, subject, body, attempts, failed_at, last_error)
       VALUES ('order-status', $1, 'Поръчка', 'Текст', 8, now(), '550') RETURNING id::int AS id`,
      [shopper.email],
    );
    const resent = await postJson(server.url, `/api/operator/mail/${failed!.id}/resend`, {}, support.token);
    expect(resent.status).toBe(200);
    expect(resent.body.result).toEqual({ outboxId: failed!.id });
    const [row] = await server.db.query<{ failed: boolean; attempts: number }>(
      'SELECT failed_at IS NOT NULL AS failed, attempts FROM mail_outbox WHERE id = $1',
      [failed!.id],
    );
    expect(row).toEqual({ failed: false, attempts: 0 });
    expect(await auditLinesOf(server.db, `mail:${failed!.id}`)).toMatchObject([
      { action: 'mail.resend', before: { state: 'failed', attempts: 8 }, after: { state: 'unsent' } },
    ]);

    const [secret] = await server.db.query<{ id: number }>(
      `INSERT INTO mail_outbox (kind, to_address, subject, body, secret_hash, sent_at)
       VALUES ('password-reset', $1, 'Парола', '{secret}', 'hash', now()) RETURNING id::int AS id`,
      [shopper.email],
    );
    expect((await postJson(server.url, `/api/operator/mail/${secret!.id}/resend`, {}, support.token)).status).toBe(409);
    expect(await auditLinesOf(server.db, `mail:${secret!.id}`)).toEqual([]);
  });

  it('the log reads newest first in keyset pages, filtered by actor, action, target and time', async () => {
    const orders = [await placeOrder(), await placeOrder()];
    for (const orderNumber of orders) {
      await postJson(server.url, `/api/operator/orders/${orderNumber}/status`, { status: 'confirmed' }, support.token);
      await postJson(server.url, `/api/operator/orders/${orderNumber}/status`, { status: 'cancelled' }, support.token);
    }
    const read = async (query: string) => {
      const { status, body } = await getJson(server.url, `/api/ops/audit?${query}`, viewer.token);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.result as { items: AuditLine[]; next: number | null };
    };
    const all = await read(`actor=${encodeURIComponent(support.email.toUpperCase())}&action=order.&limit=500`);
    expect(all.items.every((line) => line.actorEmail === support.email && line.action.startsWith('order.'))).toBe(true);
    const ids = all.items.map((line) => line.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.items.slice(0, 4).map((line) => [line.target, line.after])).toEqual([
      [`order:${orders[1]}`, { status: 'cancelled' }],
      [`order:${orders[1]}`, { status: 'confirmed' }],
      [`order:${orders[0]}`, { status: 'cancelled' }],
      [`order:${orders[0]}`, { status: 'confirmed' }],
    ]);

    // Pages of two: the same lines, once each, in the same order.
    const paged: number[] = [];
    let before: number | null = null;
    do {
      const page = await read(`actor=${support.owner}&action=order.&limit=2${before ? `&before=${before}` : ''}`);
      paged.push(...page.items.map((line) => line.id));
      before = page.next;
    } while (before !== null);
    expect(paged).toEqual(ids);

    const target = await read(`target=${encodeURIComponent(`order:${orders[0]}`)}`);
    expect(target.items.map((line) => line.after)).toEqual([{ status: 'cancelled' }, { status: 'confirmed' }]);
    const at = Date.parse(all.items[0]!.at);
    expect((await read(`from=${at + 60_000}`)).items).toEqual([]);
    expect((await read(`to=${new Date(at - 3_600_000).toISOString()}&actor=${support.owner}`)).items).toEqual([]);
    expect((await read(`from=${new Date(at - 60_000).toISOString()}&action=order.status`)).items.length).toBe(
      all.items.filter((line) => line.action === 'order.status').length,
    );
    const bad = await getJson(server.url, '/api/ops/audit?from=yesterday', viewer.token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('from');
  });

  it('an admin grants roles, which count at once; the last admin cannot lose the role', async () => {
    // This store's only admin is `admin`.
    await server.db.query("UPDATE users SET role = 'customer' WHERE role = 'admin' AND owner <> $1", [admin.owner]);
    const colleague = await registerLoggedInUser(server.url, 'audit-colleague');
    expect((await getJson(server.url, '/api/ops/me', colleague.token)).status).toBe(403);
    const grant = (email: string, role: string, token = admin.token) =>
      postJson(server.url, '/api/ops/roles', { email, role }, token);

    expect((await grant(colleague.email, 'support', support.token)).status).toBe(403);
    const granted = await grant(colleague.email.toUpperCase(), 'support');
    expect(granted.status).toBe(200);
    expect(granted.body.result).toMatchObject({ email: colleague.email, before: 'customer', role: 'support' });
    expect((await getJson(server.url, '/api/ops/me', colleague.token)).body.result).toEqual({
      email: colleague.email,
      role: 'support',
      owner: colleague.owner,
    });
    const operators = await getJson(server.url, '/api/ops/operators', viewer.token);
    expect((operators.body.result as { items: { email: string }[] }).items.map((o) => o.email)).toContain(
      colleague.email,
    );
    expect((await grant('nobody@example.bg', 'viewer')).status).toBe(404);
    const badRole = await grant(colleague.email, 'operator');
    expect(badRole.status).toBe(400);
    expect(badRole.body.result.field).toContain('role');

    const demoteSelf = await grant(admin.email, 'viewer');
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.result.error).toContain('last admin');
    expect(await auditLinesOf(server.db, `user:${admin.owner}`)).toEqual([]);

    expect((await grant(colleague.email, 'admin')).status).toBe(200);
    expect((await grant(admin.email, 'viewer', colleague.token)).status).toBe(200);
    // The former admin's token is a viewer's from the next call on.
    expect((await grant(colleague.email, 'customer')).status).toBe(403);
    expect((await grant(colleague.email, 'moderator', colleague.token)).status).toBe(409);
    expect(await auditLinesOf(server.db, `user:${colleague.owner}`)).toMatchObject([
      { action: 'role.grant', actor_email: admin.email, before: { role: 'customer' }, after: { role: 'support' } },
      { action: 'role.grant', actor_email: admin.email, before: { role: 'support' }, after: { role: 'admin' } },
    ]);
    // Back as it was, for the tests after this one.
    await server.db.query("UPDATE users SET role = 'admin' WHERE owner = $1", [admin.owner]);
  });

  it('`npm run ops -- grant` makes an existing account admin, and refuses an unknown e-mail by name', async () => {
    const account = await registerLoggedInUser(server.url, 'cli-grant');
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runOps(argv, {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        database: async () => server.db,
        env: {},
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const made = await run('grant', account.email, 'admin');
    expect(made).toEqual({ code: 0, out: `${account.email} is now admin (was customer)`, err: '' });
    const me = await getJson(server.url, '/api/ops/me', account.token);
    expect(me.body.result).toMatchObject({ role: 'admin' });
    expect(await auditLinesOf(server.db, `user:${account.owner}`)).toMatchObject([
      { action: 'role.grant', before: { role: 'customer' }, after: { role: 'admin' } },
    ]);

    const unknown = await run('grant', 'nobody-here@example.bg', 'admin');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('no account has the e-mail nobody-here@example.bg');
    expect((await run('grant', account.email, 'superuser')).code).toBe(2);
    expect((await run('frobnicate')).err).toContain('no command "frobnicate"');
  });
});
