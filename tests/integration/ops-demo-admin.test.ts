import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, ensureDemoAdmin } from '../../sync-server/ops/demo-admin.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { getJson } from '../support/operators.ts';
import { postJson } from '../support/post-json.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Issue 30, "the first admin": `npm start`'s demo admin is made on the first start with a generated password that
 * is printed then and never again, logs in, and is an admin; a production start makes none.
 */
describe(`the demo admin (${storeKind})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('is never made in a production start', async () => {
    const printed: string[] = [];
    expect(await ensureDemoAdmin(server.db, (text) => printed.push(text), { NODE_ENV: 'production' })).toBe(false);
    expect(printed).toEqual([]);
    const rows = await server.db.query('SELECT 1 FROM users WHERE email = $1', [DEMO_ADMIN_EMAIL]);
    expect(rows).toEqual([]);
  });

  it('is made once, its login printed once, and it is an admin who can log in', async () => {
    const printed: string[] = [];
    expect(await ensureDemoAdmin(server.db, (text) => printed.push(text), {})).toBe(true);
    expect(await ensureDemoAdmin(server.db, (text) => printed.push(text), {})).toBe(false);
    expect(printed).toHaveLength(1);
    const password = /password: (\S+)/.exec(printed[0]!)?.[1];
    expect(printed[0]).toContain(DEMO_ADMIN_EMAIL);
    expect(password).toBeDefined();

    const login = await postJson(server.url, '/api/user/login', { username: DEMO_ADMIN_EMAIL, password });
    expect(login.status).toBe(200);
    const me = await getJson(server.url, '/api/ops/me', login.body.result as string);
    expect(me.body.result).toMatchObject({ email: DEMO_ADMIN_EMAIL, role: 'admin' });
  });
});
