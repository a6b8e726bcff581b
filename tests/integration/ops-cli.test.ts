import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { failures } from '../../tools/ops/commands/failures.ts';
import { show } from '../../tools/ops/commands/show.ts';
import type { CliIo } from '../../tools/ops/http.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser, TEST_PASSWORD } from '../support/users.ts';

/**
 * Issue 30: `npm run ops -- show <id>` and `failures` against a running server, as an admin would run them. Needs the
 * console's API (/api/ops/commands/:id from ops-log, /api/ops/failures from ops-failures): without those routes the
 * commands exit 1 and this test fails, it does not skip. (Kept as .after-merge on branch ops-openapi: rename it to
 * ops-cli.test.ts once those branches are merged.)
 */
const captured = (env: NodeJS.ProcessEnv) => {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line), env };
  return { io, out, err };
};

describe(`npm run ops: show and failures over the HTTP API (${storeKind})`, () => {
  let server: RunningServer;
  let admin: { email: string; token: string };
  let refusedId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerLoggedInUser(server.url, 'ops-cli-admin');
    await server.db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [admin.email]);
    // A shopper's command the shop refuses: what `show` and `failures` are for.
    const guest = await createGuest(server.url);
    const refused = guest.command('cart.addItem', { sku: 'MAGIC-KB-BG', qty: 1 });
    await guest.push([refused]);
    const [settled] = await guest.settled([refused.id]);
    expect(settled?.status).toBe('rejected');
    refusedId = refused.id;
  }, 60_000);
  afterAll(() => server.close());

  it('show prints the refused command, its cause and its states, logged in by e-mail and password', async () => {
    const { io, out, err } = captured({ OPS_URL: server.url, OPS_EMAIL: admin.email, OPS_PASSWORD: TEST_PASSWORD });
    expect(await show.run([refusedId], io), err.join('\n')).toBe(0);
    expect(out[0]).toBe(`${refusedId}  cart.addItem  rejected (out_of_stock)`);
    expect(out.join('\n')).toContain('states:');
    expect(out.join('\n')).toContain('"sku":"MAGIC-KB-BG"');
  });

  it('failures lists the cause with its count, with the token given as OPS_TOKEN', async () => {
    const { io, out, err } = captured({ OPS_URL: server.url, OPS_TOKEN: admin.token });
    expect(await failures.run(['--range', 'hour'], io), err.join('\n')).toBe(0);
    expect(out.some((line) => /^\s+1\s+cart\.addItem\s+rejected\s+out_of_stock/.test(line))).toBe(true);
  });

  it("a shopper's token gets nothing: exit 1 and the server's reason", async () => {
    const shopper = await registerLoggedInUser(server.url, 'ops-cli-shopper');
    const { io, err } = captured({ OPS_URL: server.url, OPS_TOKEN: shopper.token });
    expect(await show.run([refusedId], io)).toBe(1);
    expect(err.join('\n')).toMatch(/ops: 403 /);
  });

  it('an id that is not a command id is exit 2 before any call', async () => {
    const { io, err } = captured({ OPS_URL: 'http://127.0.0.1:9', OPS_TOKEN: 'unused' });
    expect(await show.run(['BG-1001'], io)).toBe(2);
    expect(err).toEqual(['ops show: "BG-1001" is not a command id (a UUIDv7)']);
  });
});
