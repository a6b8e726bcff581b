import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../sync-server/observability/logger.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/** Secrets a shopper sends the store, each of a shape that cannot occur in a log line by chance. */
const PASSWORD = 'Hunter2-redaction-Пароля';
const NEW_PASSWORD = 'Another-secret-parola-77';
const CARD = '4111111111111111';
const EGN = '7523169263'; // valid (a man born in 1875), /work/shared/BULGARIA.md
const RESET_SECRET = 'f3a9c0d1e2b4a6c8f3a9c0d1e2b4a6c8f3a9c0d1e2b4a6c8';
const NEWSLETTER_TOKEN = 'nl-token-0b1c2d3e4f5a6b7c8d9e';

/**
 * Issue 30: no token, password, card number, ЕГН or reset secret in any log line. A server logging everything
 * (trace) into a buffer is sent each of them the ways a shopper or an attacker would; then the log is grepped.
 */
describe(`log redaction (${storeKind})`, () => {
  let server: RunningServer;
  let written = '';
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString('utf8');
        done();
      },
    });
    server = await startTestServer(undefined, 'on', undefined, { logger: createLogger('trace', sink) });
  });
  afterAll(() => server.close());

  it('writes none of them, while it does log every request and command', async () => {
    const email = `redaction-${Date.now()}@example.bg`;
    const created = await postJson(server.url, '/api/user/create', {
      customer: { email, firstname: 'Петя', lastname: 'Иванова', egn: EGN },
      password: PASSWORD,
    });
    expect(created.status).toBe(200);
    expect(
      (await postJson(server.url, '/api/user/login', { username: email, password: 'wrong' + PASSWORD })).status,
    ).not.toBe(200);
    const login = await postJson(server.url, '/api/user/login', { username: email, password: PASSWORD });
    expect(login.status).toBe(200);
    const token = login.body.result as string;
    const me = await fetch(`${server.url}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    // A malformed body answered 400 naming the field: the value is not echoed to the log either.
    await postJson(server.url, '/api/user', { egn: `${EGN}x`, cardNumber: CARD }, token);
    await postJson(
      server.url,
      '/api/user/change-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      token,
    );
    await postJson(server.url, '/api/user/reset-password', { email });
    await postJson(server.url, '/api/user/reset-password/confirm', { token: RESET_SECRET, newPassword: PASSWORD });
    await fetch(`${server.url}/newsletter/confirm?token=${NEWSLETTER_TOKEN}`);

    // Commands carrying a card number and an ЕГН, one taken and refused at the push, one malformed (400).
    const guest = await createGuest(server.url);
    const odd = guest.command('cart.addItem', { sku: 'APP3', qty: 1, cardNumber: CARD, egn: EGN } as never);
    await guest.pushRaw({ rows: [{ newDocumentState: odd }] });
    const add = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await guest.pushRaw({ rows: [{ newDocumentState: add }] });
    await fetch(`${server.url}/sync/commands/pull?after=0`, {
      headers: { authorization: `Bearer ${guest.token}` },
    });
    await fetch(`${server.url}/sync/carts/pull?after=0&token=${guest.token}`);

    const lines = written.trim().split('\n');
    // Not vacuous: the requests were logged, each with its id and route.
    expect(lines.length).toBeGreaterThan(10);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.some((l) => l.route === '/api/user/login' && typeof l.reqId === 'string')).toBe(true);
    expect(parsed.some((l) => l.route === '/sync/:collection/push')).toBe(true);
    for (const secret of [PASSWORD, NEW_PASSWORD, CARD, EGN, RESET_SECRET, NEWSLETTER_TOKEN, token, guest.token]) {
      expect(written.includes(secret), `"${secret.slice(0, 12)}…" appears in the log`).toBe(false);
    }
    // Nor the parts of a token (a JWT-like token's pieces would leak it all the same).
    for (const part of token.split('.').filter((p) => p.length >= 16)) expect(written.includes(part)).toBe(false);
  });
});
